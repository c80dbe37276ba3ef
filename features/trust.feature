Feature: A project config that loads or runs code takes effect only once the user trusts it
  A repository's `.edsl/ep.json` can name plugin modules and commands. None of them is imported or run until
  the user trusts that exact config with `ep trust`, which records its content hash under EP_HOME; any change
  makes it untrusted again. Plain data needs no trust, nor do the plugins a user names with `--plugin` or an
  embedder passes in code.

  Scenario Outline: An untrusted config's plugin never runs (<command>)
    Given a project whose ep config loads a plugin that leaves a marker when imported
    When I run "<command>"
    Then the command fails with code "CONFIG_NOT_TRUSTED" and exit code 4
    And the error names the entry "plugins[0]" and the command "ep trust"
    And the plugin has not run

    Examples:
      | command                     |
      | ep context search --query x |
      | ep plugins list             |
      | ep session list             |
      | ep tools list               |
      | ep mcp                      |

  Scenario: ep mcp refuses before it serves, and says why on stderr for the MCP client's log
    Given a project whose ep config loads a plugin that leaves a marker when imported
    When I run "ep mcp"
    Then the command fails with code "CONFIG_NOT_TRUSTED" and exit code 4
    And stderr mentions "ep mcp: CONFIG_NOT_TRUSTED"
    And the plugin has not run

  Scenario: After ep trust the config's plugin loads
    Given a project whose ep config loads a plugin that leaves a marker when imported
    When I run "ep trust"
    Then the trusted code entries are "plugins[0]"
    When I run "ep plugins list"
    Then the plugin list shows "acme/marker" from "config"
    And the plugin has run

  Scenario: Editing a trusted config makes it untrusted again
    Given a project whose ep config loads a plugin that leaves a marker when imported
    And I have run "ep trust"
    When the ep config is edited
    And I run "ep plugins list"
    Then the command fails with code "CONFIG_NOT_TRUSTED" and exit code 4
    And the error message mentions "has changed since it was trusted"
    And the plugin has not run

  Scenario: Trusted configs are listed, and trust can be revoked
    Given a project whose ep config loads a plugin that leaves a marker when imported
    And I have run "ep trust"
    When I run "ep trust --list"
    Then the trust list shows the project's config as "trusted" with the entries "plugins[0]"
    When I run "ep trust --revoke"
    And I run "ep plugins list"
    Then the command fails with code "CONFIG_NOT_TRUSTED" and exit code 4
    And the plugin has not run

  Scenario: A config that only sets data needs no trust
    Given a project whose ep config only sets data: the elasticlunr search engine, boosts and a token budget
    When I run "ep plugins list"
    Then the command succeeds
    And the plugin list shows "builtin/search-elasticlunr" from "builtin"
    And the plugin list does not show "builtin/search-bm25"

  Scenario: A plugin named with --plugin needs no trust
    Given a plugin module "extra/marker.mjs" that leaves a marker when imported
    When I run "ep plugins list --plugin ./extra/marker.mjs"
    Then the command succeeds
    And the plugin list shows "acme/marker" from "flag"
    And the plugin has run

  Scenario Outline: A model command chosen by an untrusted config does not run (<entry point>)
    Given a project whose ep config runs a model command that leaves a marker
    When I run the example agent "survey" with input '{"topic":"tides"}' from <entry point>
    Then the run fails with code "CONFIG_NOT_TRUSTED"
    And the run's error names the entry 'options["builtin/model-command"].command' and the command "ep trust"
    And the model command has not run

    Examples:
      | entry point   |
      | the CLI       |
      | embedded code |
      | a subprocess  |

  Scenario: Once trusted, the config's model command runs under ep run
    Given a project whose ep config runs a model command that leaves a marker
    And I have run "ep trust"
    When I run the example agent "survey" with input '{"topic":"tides"}' from the CLI
    Then the run succeeds with a session id
    And the model command has run

  Scenario: The library refuses an untrusted project config the same way
    Given a project whose ep config loads a plugin that leaves a marker when imported
    When I start a runtime through the library API in the project
    Then start-up fails with code "CONFIG_NOT_TRUSTED"
    And the plugin has not run

  Scenario: An embedder's own config needs no trust
    Given a project whose ep config loads a plugin that leaves a marker when imported
    When I start a runtime through the library API with my own config loading that plugin
    Then the started runtime has the plugin "acme/marker"
    And the plugin has run
