Feature: Agent functions get assembled context in their prompt
  An agent function calls `builtin/request-context` through the session's tool registry; the call is
  recorded in the session, and the rendered context reaches the model, from every entry point.

  Scenario Outline: Context records reach the model's prompt (<entry point>)
    Given the context records in "records.jsonl" feed the warm tier:
      """
      {"key": "preference.pilot-model", "kind": "user_preference", "summary": "Use lower-cost models for pilot studies."}
      {"key": "note.unrelated", "kind": "note", "summary": "The office plants need water on Fridays."}
      """
    When I run the example agent "plan" with input '{"task":"choose a model for the pricing pilot"}' from <entry point>
    Then the run succeeds with a session id
    And the session has a "completed" node "builtin/request-context"
    And the last prompt contains:
      """
      Use lower-cost models for pilot studies.
      """

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |
