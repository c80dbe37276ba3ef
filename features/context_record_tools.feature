Feature: Context tools over the active context packages
  The same operations as `ep context` are tools in the registry: search, get and pack are read-only;
  upsert and add write, so `ep mcp` serves them only with --allow-writes. Context requests assemble records
  from the active packages.

  Background:
    Given a context package "research_context.ep" with the humanize records
    And I ran "ep context use --path research_context.ep"

  Scenario: the read tools are read-only and idempotent
    When I run "ep tools list"
    Then the tool "builtin/context-search" is listed as "read_only"
    And the tool "builtin/context-get" is listed as "idempotent"
    And the tool "builtin/context-pack" is listed as "read_only"
    And the tool "builtin/context-history" is listed as "read_only"

  Scenario: the write tools write
    When I run "ep tools list"
    Then the tool "builtin/context-upsert" is listed as "writes"
    And the tool "builtin/context-add" is listed as "writes"

  Scenario: context-search answers like ep context search, with warnings beside the data
    When I run "ep tools call builtin/context-search --json" with the JSON argument:
      """
      {"query": "consent humanize", "fields": ["content"]}
      """
    Then the command succeeds
    And the matches are "constraint.consent"
    And the envelope data "warnings" has 0 items

  Scenario: context-upsert writes through the registry with its commit message
    When I run "ep tools call builtin/context-upsert --json" with the JSON argument:
      """
      {"record": {"key": "note.from-tool", "summary": "Written by a tool"}, "message": "Tool note"}
      """
    Then the command succeeds
    And the commit messages of "research_context.ep" are, newest first:
      | Tool note     |
      | Seed humanize |

  Scenario: ep mcp hides the writing context tools without --allow-writes
    When an MCP client connects to "ep mcp"
    Then the MCP tool list holds "builtin/context-get" requiring "key"
    And the MCP tool list does not hold "builtin/context-upsert"
    And the MCP tool "builtin/context-search" is annotated read-only, idempotent and closed-world

  Scenario: ep mcp --allow-writes serves context-add
    When an MCP client connects to "ep mcp --allow-writes"
    Then the MCP tool list holds "builtin/context-add" requiring "record"
    And the MCP tool "builtin/context-add" is annotated as writing

  Scenario: request-context assembles records from the active packages
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "consent question for human surveys", "max_tokens": 400}
      """
    Then the command succeeds
    And the envelope data "fragments.0.uko_node" is "constraint.consent"
    And the envelope data "fragments.0.provenance.location" is "warm:builtin/context-records:active"

  Scenario: historical context requests recall a record as it was before an upsert
    Given I ran "ep context upsert --json '{\"key\": \"constraint.consent\", \"kind\": \"constraint\", \"content\": \"Consent is optional for internal pilots.\"}'"
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "consent question for human surveys", "temporal": "historical"}
      """
    Then the command succeeds
    And the envelope data "fragments.0.provenance.location" is "cold:builtin/context-records:history"
    And the envelope data "fragments.0.content" mentions "cannot be skipped or revisited"

  Scenario: an MCP client with --allow-writes upserts a record, and a missing key is an error result
    When an MCP client connects to "ep mcp --allow-writes"
    And the client calls "builtin/context-upsert" with {"record": {"key": "note.via-mcp", "summary": "From an MCP client"}, "message": "MCP note"}
    Then the MCP result is not an error
    And "research_context.ep" holds "note.via-mcp" with "summary" = "From an MCP client"
    When the client calls "builtin/context-get" with {"key": "no.such.key"}
    Then the MCP result is an error with code "KEY_NOT_FOUND" mentioning "no.such.key"
