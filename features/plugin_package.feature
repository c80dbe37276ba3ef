Feature: A plugin published as its own npm package, with its own copy of ep-runtime
  A plugin author scaffolds a package with `ep plugins new`, tests it with the conformance kit and publishes it
  with ep-runtime as a peer dependency. Installed in a project, the plugin keeps its own copy of the runtime
  (linked, or installed without deduplication), and everything it shares with the project's copy still works.

  Background:
    Given ep-runtime packed with npm pack, and a plugin scaffolded by "ep plugins new acme/word-stats" installed with its own copy of it
    And a project that installs the packed runtime and the plugin package

  Scenario: The scaffolded plugin's own tests pass right after installing
    When the plugin package's own tests run
    Then they pass, conformance checks included

  Scenario: The plugin's tool is listed and called, built by the kernel from its explicit dependency list
    Given the project's ep config loads the plugin package
    When I run the project's "ep tools call acme/word-stats --json '{\"text\": \"a conjoint pricing pilot\"}'"
    Then the command succeeds
    And the envelope data "words" is "4"
    And the envelope data "tokenizer" is "cl100k_base"

  Scenario: The plugin's own error code and exit code reach the CLI and MCP clients
    Given the project's ep config loads the plugin package
    When I run the project's "ep tools call acme/word-stats --json '{\"text\": \"   \"}'"
    Then the command fails with code "WORD_STATS_NO_WORDS" and exit code 5
    When an MCP client connects to the project's ep mcp
    And the client calls "acme/word-stats" with {"text": "   "}
    Then the MCP result is an error with code "WORD_STATS_NO_WORDS" mentioning "no words"

  Scenario: Config options are checked against the plugin's schema and delivered to it
    Given the project's ep config loads the plugin package with options {"longest": 1}
    When I run the project's "ep tools call acme/word-stats --json '{\"text\": \"a conjoint pricing pilot\"}'"
    Then the envelope data "longest" lists "[\"conjoint\"]"
    Given the project's ep config loads the plugin package with options {"longst": 1}
    When I run the project's "ep tools list"
    Then the command fails with code "PLUGIN_OPTIONS_INVALID" and exit code 5
    And the error message mentions "acme/word-stats"

  Scenario: A multi token the plugin declares with its own copy collects both providers
    Given the plugin package ships its own multi token with two providers and a tool that reads them
    When I run the project's "ep --plugin <plugin>/greetings/english.js --plugin <plugin>/greetings/french.js --plugin <plugin>/greetings/tool.js tools call acme/greetings --json {}"
    Then the command succeeds
    And the envelope data "greetings" lists "[\"bonjour\", \"hello\"]"

  Scenario: An agent module importing its own copy of ep-runtime runs inside the session under ep run
    Given the plugin package ships an agent module importing its own copy of ep-runtime
    When I run the project's "ep run <plugin>/agents.js#summarize --input '{\"study\": \"pricing pilot\"}'"
    Then the command succeeds
    And the session of the last run holds one completed "summarize" call, with a model call inside
