Feature: Failures at the plugin boundary name the plugin and keep its own codes
  A third-party plugin's failure reaches the user naming the plugin. An EpError it throws keeps its code, exit
  code and suggestion; a plain error is wrapped with a stable code. A broken tool contribution is left out with
  a warning naming its plugin, and every other tool keeps working. The plugins are small modules given with
  --plugin.

  Scenario: A service factory that throws a plain error names the plugin and the service
    Given a plugin module "keyless.mjs" for plugin "acme/keyless" whose tool "acme/lookup" reads a service whose factory throws "missing API key"
    When I run "ep tools call acme/lookup --plugin ./keyless.mjs"
    Then the command fails with code "PLUGIN_SERVICE_FAILED" and exit code 1
    And the error message mentions "Plugin acme/keyless failed to build service acme.Dictionary: missing API key"
    And the error details "plugin" is "acme/keyless"
    And the error details "cause" is "missing API key"

  Scenario: An initialize that throws an EpError keeps its code, exit code and suggestion
    Given a plugin module "tokens.mjs" for plugin "acme/tokens" whose initialize throws the EpError "TOKENIZER_INVALID_OPTIONS" with exit code 5 and the suggestion "Set model to cl100k_base."
    When I run "ep tools list --plugin ./tokens.mjs"
    Then the command fails with code "TOKENIZER_INVALID_OPTIONS" and exit code 5
    And the error suggestion is "Set model to cl100k_base."
    And the error details "plugin" is "acme/tokens"
    And the error details "hook" is "initialize"

  Scenario: A tool with a bad name is left out with a warning, and every other tool is listed
    Given a plugin module "mixed.mjs" for plugin "acme/mixed" contributing the tools "acme/good-one, Bad Name"
    When I run "ep tools list --plugin ./mixed.mjs"
    Then the command succeeds
    And the envelope data "tools" has an item whose "name" is "acme/good-one"
    And the envelope data "tools" has an item whose "name" is "builtin/request-context"
    And the envelope warns "TOOL_INVALID" about "Tool \"Bad Name\" from plugin acme/mixed is left out: its name is not namespaced"

  Scenario: Calling a tool that was left out names its plugin and the reason
    Given a plugin module "mixed.mjs" for plugin "acme/mixed" contributing the tools "acme/good-one, Bad Name"
    When I run "ep tools call 'Bad Name' --plugin ./mixed.mjs"
    Then the command fails with code "TOOL_INVALID" and exit code 5
    And the error message mentions "from plugin acme/mixed was left out of the registry: its name is not namespaced"

  Scenario: Two plugins contributing one tool name are both named, and the first keeps it
    Given a plugin module "first.mjs" for plugin "acme/first" contributing the tools "acme/shared"
    And a plugin module "second.mjs" for plugin "acme/second" contributing the tools "acme/shared"
    When I run "ep tools list --plugin ./first.mjs --plugin ./second.mjs"
    Then the command succeeds
    And the envelope data "tools" has an item whose "name" is "acme/shared"
    And the envelope warns "TOOL_DUPLICATE" about "from plugin acme/second is left out: plugin acme/first already contributes"

  Scenario: A tool's own EpError reaches the CLI with its code, exit code and suggestion
    Given a plugin module "quota.mjs" for plugin "acme/quota" whose tool "acme/search" throws the EpError "ACME_QUOTA" with exit code 6 and the suggestion "Wait an hour."
    When I run "ep tools call acme/search --plugin ./quota.mjs"
    Then the command fails with code "ACME_QUOTA" and exit code 6
    And the error suggestion is "Wait an hour."
    And the error details "tool" is "acme/search"
    And the error details "plugin" is "acme/quota"

  Scenario: A tool that throws a plain error is TOOL_FAILED naming the tool and its plugin
    Given a plugin module "flaky.mjs" for plugin "acme/flaky" whose tool "acme/fetch" throws "socket hang up"
    When I run "ep tools call acme/fetch --plugin ./flaky.mjs"
    Then the command fails with code "TOOL_FAILED" and exit code 1
    And the error message mentions "Tool acme/fetch from plugin acme/flaky failed: socket hang up"
    And the error details "cause" is "socket hang up"

  Scenario: Over MCP a tool's own EpError comes back as a tool error with its code and plugin
    Given a plugin module "quota.mjs" for plugin "acme/quota" whose tool "acme/search" throws the EpError "ACME_QUOTA" with exit code 6 and the suggestion "Wait an hour."
    When an MCP client connects to "ep mcp --plugin ./quota.mjs"
    And the client calls "acme/search" with {}
    Then the MCP result is an error with code "ACME_QUOTA" mentioning "Refused with ACME_QUOTA"
    And the MCP result details "plugin" is "acme/quota"

  Scenario: Over MCP a tool with a bad name is left out and told on stderr
    Given a plugin module "mixed.mjs" for plugin "acme/mixed" contributing the tools "acme/good-one, Bad Name"
    When an MCP client connects to "ep mcp --plugin ./mixed.mjs"
    Then the MCP tool list holds "acme/good-one"
    And the MCP server's stderr mentions "Tool \"Bad Name\" from plugin acme/mixed is left out"
