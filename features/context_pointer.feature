Feature: The active context pointer in .edsl/context.json
  `ep context use` chooses the packages read commands combine and the one writes go to; the pointer is
  found from any subdirectory of the project.

  Scenario: use writes .edsl/context.json with the seed's shape
    When I run "ep context use --path research_context.ep"
    Then the command succeeds
    And the envelope data "config_path" is ".edsl/context.json"
    And the envelope data "active_context_paths" is the JSON:
      """
      ["research_context.ep"]
      """
    And the file ".edsl/context.json" holds "default_write_context_path" = "research_context.ep"

  Scenario: use --append adds a read context and keeps the write context
    Given the active context is "personal_context.ep"
    When I run "ep context use --path team_context.ep --append"
    Then the envelope data "active_context_paths" is the JSON:
      """
      ["personal_context.ep", "team_context.ep"]
      """
    And the envelope data "default_write_context_path" is "personal_context.ep"

  Scenario: use --write sets the default write context
    Given the active context is "personal_context.ep"
    When I run "ep context use --path team_context.ep --write"
    Then the envelope data "default_write_context_path" is "team_context.ep"
    And the envelope data "active_context_paths" has 2 items

  Scenario: current is found from a subdirectory, with paths that still resolve
    Given the active context is "research_context.ep"
    When I run "ep context current" in "analysis/notebooks"
    Then the command succeeds
    And the envelope data "config_path" is "../../.edsl/context.json"
    And the envelope data "active_context_paths.0" is "research_context.ep"

  Scenario: clear forgets the active contexts
    Given the active context is "research_context.ep"
    When I run "ep context clear"
    Then the command succeeds
    And the file ".edsl/context.json" does not exist

  Scenario: current without a pointer is CONTEXT_NOT_CONFIGURED
    When I run "ep context current"
    Then the command fails with code "CONTEXT_NOT_CONFIGURED" and exit code 1
    And the error suggestion is "Run `ep context use --path research_context.ep` or pass `--path`."

  Scenario: A pointer file that is not valid JSON is a clear error
    Given the file ".edsl/context.json" contains "{broken"
    When I run "ep context current"
    Then the command fails with code "INVALID_CONTEXT_CONFIG" and exit code 5
