Feature: ep context: search, get, pack, add and upsert over the active context packages
  Agents read durable context through one JSON envelope per command: search ranks records by BM25, get
  returns one record, pack renders a bounded prompt fragment, add and upsert write one commit each.

  Background:
    Given a context package "research_context.ep" with the humanize records
    And I ran "ep context use --path research_context.ep"

  Scenario: search returns scored matches with the seed's shape
    When I run "ep context search --query 'humanize survey back navigation consent randomization' --top-k 10"
    Then the command succeeds
    And the envelope data "context_path" is "research_context.ep"
    And the envelope data "query" is "humanize survey back navigation consent randomization"
    And every match has a positive score and a scenario, best first

  Scenario: stdout is exactly one JSON envelope and stderr stays quiet
    When I run "ep context get --key constraint.consent"
    Then stdout is exactly one ok envelope with data, status and warnings
    And stderr is empty

  Scenario: an envelope longer than a pipe holds reaches a reader that starts late, whole
    Given the write context holds a record "note.long" whose text is 300000 characters long
    When a reader that starts reading 300 ms late runs "ep context get --key note.long"
    Then the command succeeds
    And the envelope data "scenario.text" is 300000 characters long

  Scenario: add reads the record from stdin
    When I run "ep context add --json @-" with stdin:
      """
      {"key": "note.from-stdin", "kind": "note", "summary": "Piped in by an agent."}
      """
    Then the command succeeds
    And "research_context.ep" holds "note.from-stdin" with "summary" = "Piped in by an agent."

  Scenario: search in explicit fields only
    When I run "ep context search --query 'consent humanize' --field content"
    Then the command succeeds
    And the matches are "constraint.consent"

  Scenario: get returns the record and the package it came from
    When I run "ep context get --key preference.humanize.navigation"
    Then the command succeeds
    And the envelope data "context_path" is "research_context.ep"
    And the envelope data "scenario.value.survey_level" is "back_button"

  Scenario: add appends a record in one commit
    When I run "ep context add --message 'Note the review' --json" with the JSON argument:
      """
      {"key": "note.2026-07-17.back-navigation", "kind": "note", "summary": "Discussed Back button settings in humanize_schema."}
      """
    Then the command succeeds
    And the envelope data "status" is "added"
    And the commit messages of "research_context.ep" are, newest first:
      | Note the review     |
      | Seed humanize       |

  Scenario: upsert replaces the record with the same key, reading the key from the JSON
    When I run "ep context upsert --message 'Update navigation preference' --json" with the JSON argument:
      """
      {"key": "preference.humanize.navigation", "kind": "user_preference", "summary": "User prefers Back settings in humanize_schema."}
      """
    Then the command succeeds
    And the envelope data "status" is "updated"
    And "research_context.ep" holds "preference.humanize.navigation" with "summary" = "User prefers Back settings in humanize_schema."
    And the commit messages of "research_context.ep" are, newest first:
      | Update navigation preference |
      | Seed humanize                |

  Scenario: upsert --key fills a record given without a key, from a file
    Given the file "record.json" contains "{\"kind\": \"note\", \"summary\": \"Pilot ran on 40 respondents.\"}"
    When I run "ep context upsert --key note.pilot-size --json @record.json"
    Then the command succeeds
    And the envelope data "status" is "inserted"
    And "research_context.ep" holds "note.pilot-size" with "summary" = "Pilot ran on 40 respondents."

  Scenario: pack renders the best matches within the character budget
    When I run "ep context pack --query 'plan a humanize back navigation study' --top-k 8 --char-budget 120"
    Then the command succeeds
    And the envelope data "context_path" is "research_context.ep"
    And the prompt context is:
      """
      - [study_note] study.humanize-back-navigation-spec: Spec for supporting Back button behavior through humanize_schema.
      """
    And the envelope data "omitted" is "3"

  Scenario: pack with a token budget counts exact tokens
    When I run "ep context pack --query 'humanize back navigation consent' --token-budget 30"
    Then the command succeeds
    And the envelope data "tokenizer" is "cl100k_base"
    And the envelope data "token_count" is at most 30
    And the envelope data "included" has 1 items

  Scenario: explicit --path overrides the configured context
    Given a context package "team_context.ep" with the team records
    When I run "ep context get --key constraint.budget --path team_context.ep"
    Then the command succeeds
    And the envelope data "context_path" is "team_context.ep"

  Scenario: the nearest .edsl/context.json is found from a subdirectory
    Given the file "analysis/notebooks/.keep" contains ""
    When I run "ep context get --key constraint.consent" in "analysis/notebooks"
    Then the command succeeds
    And the envelope data "context_path" is "../../research_context.ep"

  Scenario: reads without a configured context are CONTEXT_NOT_CONFIGURED
    Given I ran "ep context clear"
    When I run "ep context search --query humanize"
    Then the command fails with code "CONTEXT_NOT_CONFIGURED" and exit code 1
    And the error suggestion is "Run `ep context use --path research_context.ep` or pass `--path`."

  Scenario: scenarios create builds a package from JSON Lines
    Given the team records as a JSON lines file "team.jsonl"
    When I run "ep scenarios create --from-json team.jsonl --output team_context.ep"
    Then the command succeeds
    And the envelope data "n_scenarios" is "3"
    And "team_context.ep" holds the keys "preference.default_pilot_model, study.conjoint-pricing-2025, constraint.budget"

  Scenario: concurrent upserts into one package lose nothing
    When 4 processes each upsert a record "note.parallel" at the same time
    Then "research_context.ep" holds the keys "preference.humanize.navigation, study.humanize-back-navigation-spec, note.navigation-title-only, constraint.consent, note.parallel-0, note.parallel-1, note.parallel-2, note.parallel-3"

  Scenario: an error about a request field names the flag it was given with
    When I run "ep context pack --query consent --char-budget -1"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the error message mentions "--char-budget must be a non-negative integer"
    And the error details "field" is "charBudget"
