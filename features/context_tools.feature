Feature: The builtin/context skill's tools
  Three read-only tools serve context to agents: request-context, query-history and get-context-budget.
  Their input is validated against JSON Schema before they run, and a read-only skill can reach no tool
  that writes.

  Scenario: The three context tools are listed as read-only
    When I run "ep tools list"
    Then the command succeeds
    And the tool "builtin/request-context" is listed as read-only
    And the tool "builtin/query-history" is listed as read-only
    And the tool "builtin/get-context-budget" is listed as read-only

  Scenario: request-context without a purpose is refused, naming the field
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"query": "auth"}
      """
    Then the command fails with code "TOOL_INPUT_INVALID" and exit code 5
    And the error message mentions "/purpose"

  Scenario: A badly typed request field is refused, naming the field
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Review auth", "breadth": -1}
      """
    Then the command fails with code "TOOL_INPUT_INVALID" and exit code 5
    And the error message mentions "/breadth"

  Scenario: query-history requires a query
    When I run "ep tools call builtin/query-history --json" with the JSON argument:
      """
      {"limit": 5}
      """
    Then the command fails with code "TOOL_INPUT_INVALID" and exit code 5
    And the error message mentions "/query"

  Scenario: query-history finds entries in the history tiers
    Given the context records in "history.jsonl" feed the cold tier:
      """
      {"key": "session/s1/node/4", "summary": "Decided to rotate signing keys monthly"}
      {"key": "session/s1/node/5", "summary": "Moved invoices to the new printer"}
      """
    When I run "ep tools call builtin/query-history --json" with the JSON argument:
      """
      {"query": "signing keys"}
      """
    Then the envelope data "entries" has 1 items
    And the envelope data "entries.0.key" is "session/s1/node/4"
    And the envelope data "entries.0.tier" is "cold"

  Scenario: get-context-budget reports the configured budget and the hot tier's tokens
    Given the context budget is 5000 tokens with 500 reserved
    And the context records in "working-set.jsonl" feed the hot tier:
      """
      {"key": "task/current", "summary": "Add password reset"}
      """
    When I run "ep tools call builtin/get-context-budget"
    Then the envelope data "max_tokens" is "5000"
    And the envelope data "available_tokens" is "4500"
    And the envelope data "used_tokens" is "17"

  Scenario: An unknown detail level name is a validation error
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Review auth", "depth": "NO_SUCH_LEVEL"}
      """
    Then the command fails with code "CRP_INVALID" and exit code 5
    And the error message mentions "NO_SUCH_LEVEL"

  Scenario: A read-only skill cannot include a writing tool
    Given a tool registry with a read-only tool and a writing tool
    When I build a read-only skill with the tools "test/read-note, test/write-note"
    Then it is refused with code "SKILL_TOOL_NOT_READ_ONLY"

  Scenario: A read-only caller cannot call a writing tool
    Given a tool registry with a read-only tool and a writing tool
    When a read-only caller calls "test/write-note"
    Then it is refused with code "TOOL_NOT_READ_ONLY"
