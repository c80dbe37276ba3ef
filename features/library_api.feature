Feature: Embedding ep through the library API
  `createEp` starts one runtime and binds the library API to it: contexts, packages, search, context
  requests, sessions and tools, through the same services the CLI uses. The agent loop example drives it
  end to end in a real process.

  Scenario: One runtime serves every call; its plugins start and stop once
    Given the library API is opened with a plugin that counts its lifecycle
    When the embedder lists tools, reads the context budget and lists sessions 3 times
    And the embedder shuts the library API down
    Then the counting plugin was initialized 1 time and shut down 1 time

  Scenario: A shut-down runtime refuses further calls
    Given the library API is opened in the project
    When the embedder shuts the library API down
    And the embedder lists the tools
    Then the library call failed with code "EP_SHUT_DOWN"

  Scenario: A record upserted through the library is searchable, and the CLI sees it
    Given a context package "research_context.ep" with the humanize records
    And the library API is opened in the project
    When the embedder makes "research_context.ep" the active context
    And the embedder upserts {"key": "note.from-library", "summary": "Tides follow the moon"}
    Then a library search for "tides moon" ranks "note.from-library" first
    And "research_context.ep" holds "note.from-library" with "summary" = "Tides follow the moon"

  Scenario: Library errors carry the CLI's codes
    Given the library API is opened in the project
    When the embedder asks for the current context
    Then the library call failed with code "CONTEXT_NOT_CONFIGURED"

  Scenario: A session run through the library continues by id
    Given the library API is opened in the project
    When the embedder runs a step in a new session
    And the embedder runs a step in the same session
    Then both runs used one session, which the second continued
    And ep session show reports 2 turns for that session

  Scenario: The agent loop example seeds a context, runs in a session and writes what it learned
    When I run the agent loop example with the task "choose a model for the pricing pilot"
    Then the agent loop started a new session
    And the agent loop's prompt contained "Use lower-cost models for pilot studies."
    And "agent_context.ep" holds "learned.choose-a-model-for-the-pricing-pilot" with "kind" = "note"

  Scenario: A second run of the agent loop resumes the session by id
    Given the agent loop example ran with the task "choose a model for the pricing pilot"
    When I run the agent loop example again in its session with the task "size the pricing pilot"
    Then the agent loop continued the first run's session at turn 2
    And the agent loop's prompt shows the task "choose a model for the pricing pilot" in its history
    And the agent loop's prompt contained "learned.choose-a-model-for-the-pricing-pilot"
