Feature: Questions, errors, cancellation and bad ids are recorded or refused clearly
  ask_user is answered by a callback, an answers file, or not at all (ep never prompts); failures and
  cancellations are recorded in the session DAG; invalid session ids never reach the disk.

  Scenario: A code callback answers the question
    When I run the example agent "brief" with input '{"topic":"tides"}' and answers '["engineers"]' from embedded code
    Then the run succeeds with a session id
    And the question "Who is the brief on tides for?" is answered with "engineers"

  Scenario: An answers file answers the question
    When I run the example agent "brief" with input '{"topic":"tides"}' and answers '["students"]' from the CLI
    Then the run succeeds with a session id
    And the question "Who is the brief on tides for?" is answered with "students"

  Scenario: Without answers the question is recorded as unanswered
    When I run the example agent "brief" with input '{"topic":"tides"}' from the CLI
    Then the run succeeds with a session id
    And the question "Who is the brief on tides for?" is recorded as "unanswered"
    And the last prompt contains:
      """
      Audience: not given; write for a general reader
      """

  Scenario Outline: An error in an agent function is recorded and reported (<entry point>)
    When I run the example agent "check" with input '{"topic":" "}' from <entry point>
    Then the run fails with code "AGENT_FAILED"
    And the session has a "error" node "check"

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |

  Scenario Outline: A cancelled run is recorded as cancelled (<entry point>)
    When I run the example agent "wait" with input '{"ms":30000}' from <entry point> and cancel it while it runs
    Then the run fails with code "RUN_CANCELLED"
    And the session has a "cancelled" node "wait"

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |

  Scenario Outline: An invalid session id is rejected before anything is written (<id>)
    When I run the example agent "survey" with input '{"topic":"tides"}' in session "<id>" from the CLI
    Then the command fails with code "INVALID_SESSION_ID" and exit code 5
    And the error message mentions "is not valid"

    Examples:
      | id                |
      | ../outside        |
      | a/b               |
      | ..hidden          |

  Scenario: Showing a session with an invalid id is rejected too
    When I run "ep session show ../../etc"
    Then the command fails with code "INVALID_SESSION_ID" and exit code 5
    And the error message mentions "path separator"

  Scenario: A target that names no agent function is not found
    When I run "ep run ./missing-agent.js#survey"
    Then the command fails with code "AGENT_NOT_FOUND" and exit code 3
    And the error message mentions "./missing-agent.js"

  Scenario: A target without an export is a usage error
    When I run "ep run ./agent.js"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the error message mentions "<module>#<export>"
