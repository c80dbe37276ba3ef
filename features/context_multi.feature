Feature: Several active context packages read as one list
  Personal and team contexts are read as EDSL reads them: every record of every package, concatenated in
  order, ranked by one BM25. A key both packages hold is ranked once per package, each match naming its
  package; get returns the first package's record and warns, naming the others.

  Background:
    Given "personal_context.ep" with the personal records and "team_context.ep" with the team records are the active contexts

  Scenario Outline: scores equal BM25 computed independently over the concatenated packages
    When I run "ep context search --query '<query>' --top-k 10"
    Then the command succeeds
    And the matches and scores equal an independent BM25 over the active packages concatenated, top 10

    Examples:
      | query                              |
      | conjoint pricing pilot             |
      | default model for pilot studies    |
      | preference default pilot model     |

  Scenario: search ranks the records of both packages together and names their packages
    When I run "ep context search --query 'conjoint pricing pilot'"
    Then the command succeeds
    And the matches are "study.conjoint-pricing-2025, note.pricing-ideas, preference.default_pilot_model, constraint.budget, preference.default_pilot_model"
    And the matches come from "team_context.ep, personal_context.ep, personal_context.ep, team_context.ep, team_context.ep"

  Scenario: the team's copy of a key both packages hold is found
    When I run "ep context search --query 'mid-size model'"
    Then the command succeeds
    And match 1 is "preference.default_pilot_model" from "team_context.ep"
    And the envelope warns "DUPLICATE_CONTEXT_KEY" about "each package's record is ranked on its own"

  Scenario: scores equal those of one package holding both packages' records in order
    Given a context package "combined.ep" with the combined records
    When I run "ep context search --query 'conjoint pricing pilot'"
    Then the scores equal those of searching "combined.ep" for "conjoint pricing pilot"

  Scenario: get returns the first package's record and warns, naming the other package
    When I run "ep context get --key preference.default_pilot_model"
    Then the command succeeds
    And the envelope data "context_path" is "personal_context.ep"
    And the envelope data "scenario.summary" is "User prefers the strongest model for every pilot study."
    And the envelope warns "DUPLICATE_CONTEXT_KEY" about "also in team_context.ep"

  Scenario: get finds a record only the second package holds
    When I run "ep context get --key constraint.budget"
    Then the command succeeds
    And the envelope data "context_path" is "team_context.ep"
    And the envelope has no warnings

  Scenario: pack renders both packages' matches in rank order, naming their packages
    When I run "ep context pack --query 'pilot model' --top-k 5"
    Then the command succeeds
    And the pack shows the matches of the same search with --top-k 5, in rank order
    And the envelope data "included" has 5 items

  Scenario: a budget smaller than every matching line gives the top match cut short
    When I run "ep context pack --query 'conjoint pricing pilot' --char-budget 40"
    Then the command succeeds
    And no line of the same search fits in 40 characters, and the top one is shown cut short, ending in " [...]"
    And the envelope data "truncated" is "true"

  Scenario: writes go to the default write context only
    When I run "ep context upsert --json '{\"key\": \"note.shared\", \"summary\": \"Only in personal\"}'"
    Then the command succeeds
    And the envelope data "context_path" is "personal_context.ep"
    And "team_context.ep" holds the keys "preference.default_pilot_model, study.conjoint-pricing-2025, constraint.budget"
