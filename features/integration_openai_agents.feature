Feature: ep inside the OpenAI Agents SDK
  `ep-runtime/openai-agents` gives an Agents SDK agent ep's context tools as function tools and records its runs
  with a tracing processor. examples/openai-agents runs offline on a model implemented against the SDK's interface.

  Scenario: The agent's context tool returns records from the active package
    Given a project whose active context holds the pilot records
    When the Agents SDK example runs in the project
    Then its answer names "decision.pilot-vendor" and "constraint.pilot-budget"
    And the session's builtin_context_search call returned "decision.pilot-vendor" from "pilot_context.ep"

  Scenario: The session records the framework's calls under the agent, parallel tool calls side by side
    Given a project whose active context holds the pilot records
    When the Agents SDK example runs in the project
    Then the session has the call path "research > Agent workflow > planner > builtin_context_search"
    And the session has the call path "research > Agent workflow > planner > builtin_context_get" beside it
    And every model call in the session recorded its prompt, its reply and its token usage

  Scenario: A write tool is offered only when writes are allowed
    Given the library API is opened in the project
    When the Agents SDK context tools are listed
    Then they include "builtin_context_search" and not "builtin_context_upsert"
    When the Agents SDK context tools are listed with writes allowed
    Then they include "builtin_context_upsert"

  Scenario: A failing tool reaches the framework as its own error type, with the ep code
    Given the library API is opened in the project
    When the Agents SDK agent calls "builtin_context_search" with {"query": "pilot"} and no context is active
    Then the framework got its own error type with code "CONTEXT_NOT_CONFIGURED" in it
