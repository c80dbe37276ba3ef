Feature: Context assembly answers a request within its token budget
  `builtin/request-context` gathers records from the tiers the request selects, follows references from
  the focus, gives each node a detail depth, keeps one copy per node and packs greedily with exact token
  counts. Records come from files named in `.edsl/ep.json`.

  Background:
    Given the context records in "package.jsonl" feed the warm tier:
      """
      {"key": "app/auth", "summary": "Authentication", "content": "Checks passwords, issues session tokens, refreshes expired tokens, locks accounts after repeated failures, records every login attempt in the audit log, and enforces the password policy for every account.", "uses": ["app/tokens"]}
      {"key": "app/tokens", "summary": "Token store", "content": "Keeps session tokens.", "uses": ["app/crypto"]}
      {"key": "app/crypto", "summary": "Crypto helpers", "content": "Hashing and signing.", "uses": ["app/random"]}
      {"key": "app/random", "summary": "Random numbers", "content": "Secure random bytes."}
      {"key": "app/billing", "summary": "Billing", "content": "Invoices and payments."}
      """

  Scenario: Breadth follows references from the focus
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Change how logins work", "focus": ["app/auth"], "breadth": 2}
      """
    Then the command succeeds
    And the assembled nodes are "app/auth, app/tokens, app/crypto"

  Scenario: Detail falls off one level per hop from the focus
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Change how logins work", "focus": ["app/auth"], "breadth": 2, "depth": "FULL_RECORD"}
      """
    Then the fragment "app/auth" has detail depth 3
    And the fragment "app/tokens" has detail depth 2
    And the fragment "app/crypto" has detail depth 1
    And the fragment "app/crypto" was selected by "breadth:2"

  Scenario: Without the gradient every node gets the requested depth
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Change how logins work", "focus": ["app/auth"], "breadth": 1, "depth": 2, "depth_gradient": false}
      """
    Then the fragment "app/auth" has detail depth 2
    And the fragment "app/tokens" has detail depth 2

  Scenario: The budget is never exceeded and token counts are exact
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Everything about the app", "max_tokens": 60}
      """
    Then the command succeeds
    And the assembled context uses at most 60 tokens
    And every fragment's token count is its exact cl100k_base count

  Scenario: Reserved tokens are kept free
    Given the context budget is 70 tokens with 30 reserved
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Everything about the app"}
      """
    Then the assembled context uses at most 40 tokens

  Scenario: A fragment too large for the budget is retried at a lower depth
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Change how logins work", "focus": ["app/auth"], "breadth": 0, "max_tokens": 20}
      """
    Then the fragment "app/auth" has detail depth 1
    And the fragment "app/auth" was selected by "focus+depth-fallback"
    And the assembled context uses at most 20 tokens

  Scenario: Two copies of a node are de-duplicated, keeping the deeper one
    Given the context records in "archive.jsonl" feed the cold tier up to depth 1:
      """
      {"key": "app/auth", "summary": "Authentication (last release)"}
      """
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Change how logins work", "focus": ["app/auth"], "breadth": 0, "temporal": "all"}
      """
    Then the assembled nodes are "app/auth"
    And the fragment "app/auth" has detail depth 3
    And the fragment "app/auth" comes from the warm tier

  Scenario: Temporal scope chooses between current and historical knowledge
    Given the context records in "history.jsonl" feed the cold tier:
      """
      {"key": "session/s1/node/4", "summary": "Decided to rotate signing keys monthly"}
      """
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "What did we decide about keys", "temporal": "historical"}
      """
    Then the assembled nodes are "session/s1/node/4"
    And the fragment "session/s1/node/4" comes from the cold tier

  Scenario: The same request gives the same context hash
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Everything about tokens", "query": "tokens"}
      """
    And I run the same command again
    Then the command succeeds
    And the context hash is unchanged
