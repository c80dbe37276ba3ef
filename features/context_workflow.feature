Feature: The research agent workflow
  The seed's workflow end to end: create a context package from JSON, combine personal and team contexts,
  pack context before planning, and record what was learned with upserts whose messages become history.

  Scenario: create, use personal and team contexts, pack, upsert with messages, read the history
    Given the personal records as a JSON array file "initial_context.json"
    And the team records as a JSON lines file "team_records.jsonl"
    And the file "study_context.json" contains "{\"key\": \"study.pricing-pilot-2026-07\", \"kind\": \"study_note\", \"summary\": \"Conjoint pricing pilot run in July 2026 with three price levels.\", \"tags\": [\"pricing\", \"pilot\"]}"
    When I run each of these commands, and each succeeds:
      """
      ep scenarios create --from-json initial_context.json --output personal_context.ep
      ep scenarios create --from-json team_records.jsonl --output team_context.ep
      ep context use --path personal_context.ep
      ep context use --path team_context.ep --append
      ep context pack --query 'plan a conjoint pricing pilot' --top-k 8 --char-budget 3000
      ep context upsert --key preference.default_pilot_model --json '{"key": "preference.default_pilot_model", "kind": "user_preference", "summary": "User prefers lower-cost models for pilot studies unless quality risk is high.", "tags": ["models", "cost", "pilot"]}' --message 'Update default pilot model preference'
      ep context upsert --key study.pricing-pilot-2026-07 --json @study_context.json --message 'Add pricing pilot context'
      ep context history
      """
    Then the history messages are, newest first:
      | Add pricing pilot context             |
      | Update default pilot model preference |
      | Create ScenarioList                   |
    And "team_context.ep" holds the keys "preference.default_pilot_model, study.conjoint-pricing-2025, constraint.budget"
    When I run "ep context pack --query 'plan a conjoint pricing pilot' --top-k 3"
    Then the prompt context is:
      """
      - [note] note.pricing-ideas: Ideas for a conjoint pricing pilot with three price levels.
      - [study_note] study.conjoint-pricing-2025: Last year's conjoint pricing pilot: price levels, sample size and lessons.
      - [study_note] study.pricing-pilot-2026-07: Conjoint pricing pilot run in July 2026 with three price levels.
      """
