Feature: Code context over a Python project
  With no configuration, the project's source tree is a warm-tier context source: modules, classes,
  functions and methods parsed with tree-sitter, rendered at the uko-code: levels from the real text, linked
  by imports, calls and inheritance, and cached by content hash under $EP_HOME.

  Background:
    Given the Python project mirroring the seed

  Scenario Outline: A focus on a class at <depth>
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Review auth", "focus": ["uko-py:class/AuthManager"], "depth": "<depth>", "breadth": 0}
      """
    Then the assembled nodes are "uko-py:class/pkg.auth.AuthManager"
    And the fragment "uko-py:class/pkg.auth.AuthManager" has detail depth <level>
    And the fragment "uko-py:class/pkg.auth.AuthManager" shows "<shown>"
    And the fragment "uko-py:class/pkg.auth.AuthManager" does not show "<hidden>"
    And every fragment's token count is its exact cl100k_base count

    Examples:
      | depth              | level | shown                                               | hidden                       |
      | MODULE_LISTING     | 0     | class AuthManager(BaseAuth):                        | login                        |
      | MEMBER_LISTING     | 2     | login                                               | def login                    |
      | SIGNATURES         | 4     | Log a user in and return a session token.           | raise PermissionError(user)  |
      | SIGNATURES         | 4     | @staticmethod                                       | Locks accounts               |
      | STRUCTURAL_OUTLINE | 6     | raise PermissionError(user)                         | attempts = self.retries      |

  Scenario: FULL_SOURCE is the exact text, with its file and line range
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Review auth", "focus": ["uko-py:class/pkg.auth.AuthManager"], "depth": "FULL_SOURCE", "breadth": 0}
      """
    Then the fragment "uko-py:class/pkg.auth.AuthManager" has detail depth 9
    And the fragment "uko-py:class/pkg.auth.AuthManager" is exactly lines 6 to 24 of "pkg/auth.py"
    And the fragment "uko-py:class/pkg.auth.AuthManager" is located at "warm:code:pkg/auth.py:6-24"
    And the fragment "uko-py:class/pkg.auth.AuthManager" was selected by "focus"

  Scenario Outline: Breadth <breadth> reaches callers, callees and bases with less detail per hop
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Review auth", "focus": ["uko-py:class/AuthManager"], "depth": "SIGNATURES", "breadth": <breadth>}
      """
    Then the fragment "uko-py:class/pkg.auth.AuthManager" has detail depth 4
    And the fragment "<node>" has detail depth <level>
    And the fragment "<node>" was selected by "<strategy>"

    Examples:
      | breadth | node                                 | level | strategy  |
      | 1       | uko-py:class/pkg.base.BaseAuth       | 2     | breadth:1 |
      | 1       | uko-py:function/pkg.views.login_view | 2     | breadth:1 |
      | 1       | uko-py:class/pkg.tokens.TokenStore   | 2     | breadth:1 |
      | 2       | uko-py:module/pkg.auth               | 0     | breadth:2 |

  Scenario: Breadth 0 keeps the focus alone
    When I run "ep context request --purpose Review --focus uko-py:class/AuthManager --depth SIGNATURES --breadth 0"
    Then the command succeeds
    And the assembled nodes are "uko-py:class/pkg.auth.AuthManager"

  Scenario: A query without a focus ranks the matching code
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Change how sessions are issued", "query": "session token", "depth": "SIGNATURES"}
      """
    Then the command succeeds
    And every fragment was selected by "query"
    And the first fragment is "uko-py:class/pkg.auth.AuthManager"
    And the fragment "uko-py:class/pkg.tokens.TokenStore" has detail depth 4

  Scenario: A budget too small for the full source falls back to less detail
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Review auth", "focus": ["uko-py:class/AuthManager"], "depth": "FULL_SOURCE", "breadth": 0, "max_tokens": 60}
      """
    Then the assembled context uses at most 60 tokens
    And the fragment "uko-py:class/pkg.auth.AuthManager" was selected by "focus+depth-fallback"
    And the fragment "uko-py:class/pkg.auth.AuthManager" has detail depth 2

  Scenario: An ambiguous short name returns every match, each with its file
    Given the source file "legacy/auth.py" holds:
      """
      class AuthManager:
          '''The old authenticator.'''
      """
    When I run "ep context request --purpose Review --focus uko-py:class/AuthManager --depth MODULE_LISTING --breadth 0"
    Then the assembled nodes are "uko-py:class/pkg.auth.AuthManager, uko-py:class/legacy.auth.AuthManager"
    And the fragment "uko-py:class/legacy.auth.AuthManager" is located at "warm:code:legacy/auth.py:1-2"
    And the fragment "uko-py:class/pkg.auth.AuthManager" is located at "warm:code:pkg/auth.py:6-24"

  Scenario: A file with a syntax error is served as a module, and the rest still answers
    Given the source file "pkg/broken.py" holds:
      """
      def broken(:
          return 1
      """
    When I run "ep context request --purpose Review --focus uko-py:module/pkg.broken --focus uko-py:class/AuthManager --depth FULL_SOURCE --breadth 0"
    Then the assembled nodes are "uko-py:module/pkg.broken, uko-py:class/pkg.auth.AuthManager"
    And the fragment "uko-py:module/pkg.broken" is exactly lines 1 to 2 of "pkg/broken.py"

  Scenario: A changed file is the only one parsed again
    When I run "ep code map"
    Then the envelope data "files.parsed" is "6"
    Given the source file "pkg/billing.py" holds:
      """
      def send_invoice(customer, copy=False):
          return customer
      """
    When I run "ep code map"
    Then the envelope data "files.parsed" is "1"
    And the envelope data "files.cached" is "5"

  Scenario: A file added to a directory that held no source is served, however quiet the tree since
    Given the project has an empty directory "pkg/plugins"
    And ep has read the project, which has not changed for a minute since
    And the source file "pkg/plugins/audit.py" was added a minute ago, holding:
      """
      def audit_login(user):
          return user
      """
    When I run "ep context request --purpose Review --focus uko-py:function/audit_login --depth SIGNATURES --breadth 0"
    Then the assembled nodes are "uko-py:function/pkg.plugins.audit.audit_login"

  Scenario: The repository map ranks definitions within its budget
    When I run "ep code map --token-budget 40"
    Then the command succeeds
    And the envelope data "tokens" is at most 40
    And the envelope data "map" mentions "class TokenStore:"

  Scenario: The text format prints the context as a prompt block
    When I run "ep context request --purpose Review --focus uko-py:class/AuthManager --depth SIGNATURES --breadth 0 --format text"
    Then stdout is a prompt block headed "uko-py:class/pkg.auth.AuthManager (depth 4)"

  Scenario: Code fragments answer an MCP client, through the read-only skill
    When an MCP client connects to "ep mcp"
    And the client calls "builtin/request-context" with {"purpose": "Review auth", "focus": ["uko-py:class/AuthManager"], "depth": "SIGNATURES", "breadth": 0}
    Then the MCP result is not an error
    And the MCP result "fragments.0.uko_node" is the text "uko-py:class/pkg.auth.AuthManager"
    And the MCP tool "builtin/request-context" is annotated read-only, idempotent and closed-world
