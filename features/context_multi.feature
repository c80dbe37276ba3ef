Feature: Several active context packages read as one corpus
  Personal and team contexts are searched together: one index ranks every record, so scores compare
  across packages; each result names its package; a key in several packages resolves to the first.

  Background:
    Given "personal_context.ep" with the personal records and "team_context.ep" with the team records are the active contexts

  Scenario: search ranks records of both packages together and names their packages
    When I run "ep context search --query 'conjoint pricing pilot'"
    Then the command succeeds
    And the matches are "study.conjoint-pricing-2025, note.pricing-ideas, preference.default_pilot_model, constraint.budget"
    And the matches come from "team_context.ep, personal_context.ep, personal_context.ep, team_context.ep"

  Scenario: scores equal those of one package holding the combined records
    Given a context package "combined.ep" with the combined records
    When I run "ep context search --query 'conjoint pricing pilot'"
    Then the scores equal those of searching "combined.ep" for "conjoint pricing pilot"

  Scenario: a key in both packages resolves to the first package, with a warning
    When I run "ep context get --key preference.default_pilot_model"
    Then the command succeeds
    And the envelope data "context_path" is "personal_context.ep"
    And the envelope data "scenario.summary" is "User prefers the strongest model for every pilot study."
    And the envelope warns "DUPLICATE_CONTEXT_KEY" about "preference.default_pilot_model"

  Scenario: get finds a record only the second package holds
    When I run "ep context get --key constraint.budget"
    Then the command succeeds
    And the envelope data "context_path" is "team_context.ep"
    And the envelope has no warnings

  Scenario: pack says which package every included record came from
    When I run "ep context pack --query 'pilot budget' --top-k 2"
    Then the command succeeds
    And the envelope data "included" is the JSON:
      """
      [{"key": "constraint.budget", "context_path": "team_context.ep"}, {"key": "preference.default_pilot_model", "context_path": "personal_context.ep"}]
      """
    And the envelope warns "DUPLICATE_CONTEXT_KEY" about "team_context.ep"

  Scenario: writes go to the default write context only
    When I run "ep context upsert --json '{\"key\": \"note.shared\", \"summary\": \"Only in personal\"}'"
    Then the command succeeds
    And the envelope data "context_path" is "personal_context.ep"
    And "team_context.ep" holds the keys "preference.default_pilot_model, study.conjoint-pricing-2025, constraint.budget"
