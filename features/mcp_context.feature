Feature: The context tools over MCP
  Every `builtin/context` skill tool and every context record tool answers an MCP client over stdio, from the
  active context packages; each call is recorded in the connection's session.

  Background:
    Given a context package "research_context.ep" with the humanize records
    And I ran "ep context use --path research_context.ep"

  Scenario: The context skill's tools and the context read tools are served read-only
    When an MCP client connects to "ep mcp"
    Then the MCP tools are each annotated read-only, idempotent and closed-world:
      | builtin/request-context    |
      | builtin/query-history      |
      | builtin/get-context-budget |
      | builtin/context-search     |
      | builtin/context-get        |
      | builtin/context-pack       |
      | builtin/context-history    |

  Scenario Outline: <tool> answers an MCP client
    When an MCP client connects to "ep mcp --session mcp-context"
    And the client calls "<tool>" with <arguments>
    Then the MCP result is not an error
    And the MCP result "<field>" is not empty
    And the call to "<tool>" is recorded in session "mcp-context"

    Examples:
      | tool                       | arguments                         | field          |
      | builtin/request-context    | {"purpose": "consent humanize"}   | fragments      |
      | builtin/query-history      | {"query": "consent"}              | entries        |
      | builtin/get-context-budget | {}                                | max_tokens     |
      | builtin/context-search     | {"query": "consent"}              | matches        |
      | builtin/context-get        | {"key": "constraint.consent"}     | scenario.key   |
      | builtin/context-pack       | {"query": "consent"}              | prompt_context |
      | builtin/context-history    | {}                                | commits        |

  Scenario Outline: Bad arguments to <tool> come back as a tool error naming the field
    When an MCP client connects to "ep mcp"
    And the client calls "<tool>" with {}
    Then the MCP result is an error with code "TOOL_INPUT_INVALID" mentioning "<field>"

    Examples:
      | tool                    | field   |
      | builtin/request-context | purpose |
      | builtin/context-search  | query   |
      | builtin/context-get     | key     |

  Scenario: A context write is refused without --allow-writes, and nothing is written
    When an MCP client connects to "ep mcp"
    And the client calls "builtin/context-upsert" with {"record": {"key": "note.refused", "summary": "Not written"}}
    Then the MCP result is an error with code "TOOL_NOT_READ_ONLY" mentioning "builtin/context-upsert"
    And "research_context.ep" has no record "note.refused"
