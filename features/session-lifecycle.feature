Feature: Sessions are created, continued, inspected and deleted by id
  No id starts a new session whose id is returned; passing the id continues it. Sessions are never closed:
  they are listed, shown and deleted by session management.

  Scenario: Each run without an id starts a new session and says how to continue it
    When I run the example agent "survey" with input '{"topic":"tides"}' from the CLI
    And I run the example agent "survey" with input '{"topic":"tides"}' from the CLI
    Then the runs used 2 different sessions
    And stderr mentions "continue it with --session session_"

  Scenario Outline: Passing the id continues the session and its history (<entry point>)
    When I run the example agent "survey" with input '{"topic":"tides"}' from <entry point>
    And I continue that session with the example agent "survey" and input '{"topic":"moons"}' from <entry point>
    Then the runs continued one session whose second call follows the first
    And the last prompt contains:
      """
      - survey {"topic":"tides"} → completed
      """

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |

  Scenario: A given id that does not exist yet creates the session under that id
    When I run the example agent "survey" with input '{"topic":"tides"}' in session "my-research" from embedded code
    And I run "ep session show my-research"
    Then the command succeeds
    And the envelope data "meta.id" is "my-research"

  Scenario: Parallel calls are each attributed to the call that started them
    When I run the example agent "compare" with input '{"topics":["tides","moons","comets"]}' from the CLI
    Then the run succeeds with a session id
    And the session has 3 "survey" nodes called by "compare"

  Scenario: A subprocess started inside a call records its nodes under that call
    When I run the example agent "delegate" with input '{"topic":"tides"}' from the CLI
    Then the run succeeds with a session id
    And the node "survey" is called by "delegate"
    And every model call is under the function that made it

  Scenario: Parallel subprocesses of one session each record under the calling node
    When I run the example agent "delegateAll" with input '{"topics":["tides","moons","comets"]}' from the CLI
    Then the run succeeds with a session id
    And the session has 3 "survey" nodes called by "delegateAll"
    And the session's meta counts 4 turns, each a commit

  Scenario: A synchronous agent method is recorded too
    When I run the example agent "countWords" with input '{"text":"three short words"}' from the CLI
    Then the envelope data "output" is "3"
    And the session has a "completed" node "countWords"

  Scenario: Sessions are listed, shown as a tree and deleted
    When I run the example agent "brief" with input '{"topic":"tides"}' and answers '["students"]' from the CLI
    And I run "ep session list"
    Then the session list shows the last run's session
    When I show the last run's session as a tree
    Then the session tree reads:
      """
      brief [completed]
        survey [completed]
          model:scripted [completed]
        ask_user "Who is the brief on tides for?" [answered: "students"]
        model:scripted [completed]
      """
    When I delete the last run's session
    And I show the last run's session as a tree
    Then the command fails with code "SESSION_NOT_FOUND" and exit code 3

  Scenario: The demo runs a small agent in a session that ep session show can display
    When I run "ep demo"
    And I show the demo's session as a tree
    Then the session tree reads:
      """
      plan [completed]
        builtin/request-context [completed]
        survey [completed]
          model:scripted [completed]
        ask_user "Who will read the plan for \"plan a humanize survey with back navigation\"?" [answered: "the survey team"]
        model:scripted [completed]
      """
