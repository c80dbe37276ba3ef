Feature: The kernel loads every part of ep as a plugin
  Built-in plugins load by default; third-party plugins come from the project's `.edsl/ep.json` or the
  `--plugin` flag. Every loading failure is one JSON envelope that names the plugin and what is wrong.
  The configs these scenarios write are trusted, as the user's own would be (trust.feature covers the rest).

  Scenario: Built-in plugins are listed with where they came from
    When I run "ep plugins list"
    Then the command succeeds
    And the plugin list shows "builtin/tools" from "builtin"
    And the plugin list shows "builtin/diagnostics" from "builtin"

  Scenario: A third-party plugin package loaded through the config provides a working service
    Given a project whose ep config loads the example word-count plugin
    When I run "ep tools call acme/word-count --json" with the JSON argument:
      """
      {"text": "a context runtime for agents"}
      """
    Then the command succeeds
    And the envelope data "words" is "4"

  Scenario: A third-party plugin is listed with its origin and declarations
    Given a project whose ep config loads the example word-count plugin
    When I run "ep plugins list"
    Then the plugin list shows "acme/word-count" from "config"
    And the plugin "acme/word-count" provides "acme.WordCounter, ep.Tool"

  Scenario: A plugin given with --plugin is loaded from the flag
    Given a plugin module "extra/plugin.mjs" for plugin "acme/extra"
    When I run "ep plugins list --plugin ./extra/plugin.mjs"
    Then the command succeeds
    And the plugin list shows "acme/extra" from "flag"

  Scenario: Start-up order follows dependencies, not the order of the config
    Given a configured plugin "acme/consumer" requiring "acme.Store"
    And a configured plugin "acme/store" providing "acme.Store"
    When I run "ep plugins list"
    Then "acme/store" starts before "acme/consumer" in the plugin list

  Scenario: A plugin module that cannot be found
    Given a configured plugin module "./plugins/missing.mjs" that does not exist
    When I run "ep plugins list"
    Then the command fails with code "PLUGIN_NOT_FOUND" and exit code 3
    And the error message mentions "./plugins/missing.mjs"

  Scenario: A package that is not installed
    Given a configured plugin module "acme-not-installed" that does not exist
    When I run "ep plugins list"
    Then the command fails with code "PLUGIN_NOT_FOUND" and exit code 3
    And the error message mentions "acme-not-installed"

  Scenario: A module without a plugin export
    Given a configured plugin module that exports no plugin
    When I run "ep plugins list"
    Then the command fails with code "PLUGIN_NO_EXPORT" and exit code 1
    And the error message mentions "has no plugin export"

  Scenario: A plugin id that is not namespaced
    Given a configured plugin "NotNamespaced"
    When I run "ep plugins list"
    Then the command fails with code "PLUGIN_INVALID" and exit code 5
    And the error message mentions "namespaced id"

  Scenario: A plugin whose engine range excludes this version of ep
    Given a configured plugin "acme/future" with engine range ">=2.0.0"
    When I run "ep plugins list"
    Then the command fails with code "PLUGIN_ENGINE_MISMATCH" and exit code 1
    And the error message mentions "acme/future supports ep >=2.0.0"

  Scenario: Two providers for a service that takes one
    Given a configured plugin "acme/tools-a" providing "ep.ToolRegistry"
    When I run "ep plugins list"
    Then the command fails with code "PLUGIN_DUPLICATE_PROVIDER" and exit code 1
    And the error message mentions "provided by both builtin/tools and acme/tools-a"

  Scenario: The config replaces a built-in provider
    Given a configured plugin "acme/tools-a" providing "ep.ToolRegistry"
    And the ep config chooses "acme/tools-a" to provide "ep.ToolRegistry"
    When I run "ep plugins list"
    Then the plugin list shows "acme/tools-a" from "config"
    And the plugin list does not show "builtin/tools"

  Scenario: A missing dependency names the plugin and the service
    Given a configured plugin "acme/lonely" requiring "acme.Nowhere"
    When I run "ep plugins list"
    Then the command fails with code "PLUGIN_MISSING_DEPENDENCY" and exit code 1
    And the error message mentions "acme/lonely depends on service acme.Nowhere"

  Scenario: A dependency cycle is printed as a path
    Given a configured plugin "acme/a" providing "acme.A" and requiring "acme.B"
    And a configured plugin "acme/b" providing "acme.B" and requiring "acme.A"
    When I run "ep plugins list"
    Then the command fails with code "PLUGIN_DEPENDENCY_CYCLE" and exit code 1
    And the error message mentions "acme/a -> acme/b -> acme/a"

  Scenario: An initialize that throws carries its error as the cause
    Given a configured plugin "acme/broken" whose initialize throws "database is locked"
    When I run "ep tools list"
    Then the command fails with code "PLUGIN_INIT_FAILED" and exit code 1
    And the error message mentions "'initialize' in plugin acme/broken"
    And the error details "cause" is "database is locked"

  Scenario: Shutdown runs in reverse order, also after a failed start
    Given a configured plugin "acme/store" providing "acme.Store"
    And a configured plugin "acme/consumer" requiring "acme.Store"
    And a configured plugin "acme/broken" whose initialize throws "boom"
    When I start a runtime through the library API in the project
    Then start-up fails with code "PLUGIN_INIT_FAILED"
    And the lifecycle log reads "init:acme/store, init:acme/consumer, init:acme/broken, shutdown:acme/consumer, shutdown:acme/store"
