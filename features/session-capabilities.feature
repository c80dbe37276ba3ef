Feature: Session capabilities work the same from every entry point
  An agent function run from the command line, from embedded code or in a subprocess goes through one
  session entry point, so none of the capabilities that depend on the session silently fails.

  Scenario Outline: A function's instructions reach the model (<entry point>)
    When I run the example agent "survey" with input '{"topic":"tides"}' from <entry point>
    Then the run succeeds with a session id
    And the scripted model received the instructions of "survey"
    And the last prompt contains:
      """
      ## Arguments
      {
        "topic": "tides"
      }
      """

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |

  Scenario Outline: The run is recorded in the session DAG (<entry point>)
    When I run the example agent "survey" with input '{"topic":"tides"}' from <entry point>
    Then the run succeeds with a session id
    And the session has a "completed" node "survey"
    And every model call is under the function that made it

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |

  Scenario Outline: Later steps see the history rendered from the DAG (<entry point>)
    When I run the example agent "brief" with input '{"topic":"tides"}' and answers '["students"]' from <entry point>
    Then the run succeeds with a session id
    And the last prompt contains:
      """
      ## History
      - survey {"topic":"tides"} → completed: "Scripted reply to survey (39c0fae1)"
      - ask_user "Who is the brief on tides for?" → answered: "students"
      """

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |

  Scenario Outline: Questions to the user are recorded (<entry point>)
    When I run the example agent "brief" with input '{"topic":"tides"}' and answers '["students"]' from <entry point>
    Then the run succeeds with a session id
    And the question "Who is the brief on tides for?" is answered with "students"
    And the last prompt contains:
      """
      ## Request
      Audience: students
      """

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |

  Scenario Outline: Nested calls are attributed to their caller (<entry point>)
    When I run the example agent "brief" with input '{"topic":"tides"}' from <entry point>
    Then the run succeeds with a session id
    And the node "survey" is called by "brief"
    And every model call is under the function that made it

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |

  Scenario: The model receives the same prompts from every entry point
    When I run the example agent "brief" with input '{"topic":"tides"}' and answers '["students"]' from the CLI
    And I run the example agent "brief" with input '{"topic":"tides"}' and answers '["students"]' from embedded code
    And I run the example agent "brief" with input '{"topic":"tides"}' and answers '["students"]' from a subprocess
    Then every entry point sent the model the same prompts
