Feature: ep inside LangChain.js and LangGraph
  `ep-runtime/langchain` gives a LangChain or LangGraph agent ep's context tools as structured tools, records its
  runs with a callback handler, and keeps its long-term memory in a `.ep` package through a LangGraph store.
  examples/langchain runs offline on LangChain's fake chat model, taught to call tools.

  Scenario: The agent's context tool returns records from the active package
    Given a project whose active context holds the pilot records
    When the LangChain example runs in the project
    Then its answer names "decision.pilot-vendor" and "constraint.pilot-budget"
    And the session's builtin_context_search call returned "decision.pilot-vendor" from "pilot_context.ep"

  Scenario: The session records the framework's calls under the agent, parallel tool calls side by side
    Given a project whose active context holds the pilot records
    When the LangChain example runs in the project
    Then the session has the call path "research > research_graph > tools > builtin_context_search"
    And the session has the call path "research > research_graph > tools > builtin_context_get" beside it
    And every model call in the session recorded its prompt, its reply and its token usage

  Scenario: A write tool is offered only when writes are allowed
    Given the library API is opened in the project
    When the LangChain context tools are listed
    Then they include "builtin_context_search" and not "builtin_context_upsert"
    When the LangChain context tools are listed with writes allowed
    Then they include "builtin_context_upsert"

  Scenario: A failing tool reaches the framework as its own error type, with the ep code
    Given the library API is opened in the project
    When the LangChain agent calls "builtin_context_search" with {"query": "pilot"} and no context is active
    Then the framework got its own error type with code "CONTEXT_NOT_CONFIGURED" in it

  Scenario: A LangGraph agent's memory round-trips through a .ep package that EDSL reads
    Given the library API is opened in the project
    When a LangGraph graph with an ep store on "memory.ep" remembers, then recalls "italian pasta" from "memories":
      | namespace       | key    | text                                |
      | memories/user-1 | food   | Likes Italian food, pasta above all |
      | memories/user-1 | travel | Prefers trains to planes            |
      | memories/user-2 | food   | Vegetarian, no mushrooms            |
    Then the graph recalled "food" of "memories/user-1" first, ranked by BM25
    And Python reads the record "memories/user-1/food" from the archive "memory.ep" with the text "Likes Italian food, pasta above all"
    And a new ep store on "memory.ep" lists the namespaces "memories/user-1, memories/user-2"
