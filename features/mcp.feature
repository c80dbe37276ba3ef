Feature: ep mcp serves the tool registry over the Model Context Protocol
  Checked with the official SDK client over a real stdio transport.

  Background:
    Given a project whose ep config loads the example word-count plugin and a writing tool

  Scenario: Read-only tools are listed with their schemas and annotations
    When an MCP client connects to "ep mcp"
    Then the MCP tool list holds "acme/word-count" requiring "text"
    And the MCP tool "acme/word-count" is annotated read-only, idempotent and closed-world
    And the MCP tool list does not hold "acme/note-write"

  Scenario: Calling a tool returns its structured result
    When an MCP client connects to "ep mcp"
    And the client calls "acme/word-count" with {"text": "one two three"}
    Then the MCP result is not an error
    And the MCP result "words" is 3

  Scenario: Bad arguments come back as a tool error naming the field
    When an MCP client connects to "ep mcp"
    And the client calls "acme/word-count" with {"words": 3}
    Then the MCP result is an error with code "TOOL_INPUT_INVALID" mentioning "text"

  Scenario: An unknown tool is a tool error with the CLI's code
    When an MCP client connects to "ep mcp"
    And the client calls "acme/missing" with {}
    Then the MCP result is an error with code "TOOL_NOT_FOUND" mentioning "acme/missing"

  Scenario: A write is refused when writes are not enabled
    When an MCP client connects to "ep mcp"
    And the client calls "acme/note-write" with {"text": "remember this"}
    Then the MCP result is an error with code "TOOL_NOT_READ_ONLY" mentioning "acme/note-write"

  Scenario: Writing tools are served when the user enables them
    When an MCP client connects to "ep mcp --allow-writes"
    And the client calls "acme/note-write" with {"text": "remember this"}
    Then the MCP result is not an error
    And the MCP tool "acme/note-write" is annotated as writing

  Scenario: The project config can enable writing tools
    Given the ep config enables MCP writes
    When an MCP client connects to "ep mcp"
    And the client calls "acme/note-write" with {"text": "remember this"}
    Then the MCP result is not an error

  Scenario: Tool calls are recorded in the connection's session
    When an MCP client connects to "ep mcp --session mcp-review"
    And the client calls "acme/word-count" with {"text": "one two"}
    And the client disconnects
    And I run "ep session show mcp-review"
    Then the session holds a completed call named "acme/word-count"

  Scenario: An invalid session id is refused before the server starts
    When I run "ep mcp --session ../escape"
    Then the command fails with code "INVALID_SESSION_ID" and exit code 5
