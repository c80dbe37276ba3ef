Feature: Searching records with BM25, or with elasticlunr chosen by config
  ScenarioList.search ranks records by BM25 (EDSL's scores) over key, kind, title, summary, content and tags.
  Keys are split at dots, dashes and underscores; list fields contribute their items; nested fields are
  searched only when named; the codebook is never searched.

  Background:
    Given the records:
      """
      [
        {"key": "preference.humanize.navigation", "kind": "user_preference", "summary": "User prefers Back settings in humanize_schema.", "tags": ["survey", "ux"]},
        {"key": "study.pricing-pilot-2026-07", "kind": "study", "title": "Pricing pilot", "summary": "Conjoint pilot on subscription prices.", "tags": ["pricing", "conjoint"]},
        {"key": "study.back-button-spec", "kind": "study_note", "summary": "Spec filed for the Back button.", "artifacts": {"spec": "github issue 1234"}, "metadata": {"source": "github"}},
        {"key": "decision.default-model", "kind": "decision", "summary": "Default model for pilots.", "content": {"note": "chosen after a latency review"}, "year": 2026, "approved": true}
      ]
      """

  Scenario: A dotted key matches its words
    When I search the records for "humanize navigation"
    Then the result is a ScenarioList with the keys "preference.humanize.navigation"

  Scenario: A list field contributes its items
    When I search the records for "ux"
    Then the result keys are "preference.humanize.navigation"

  Scenario: Nested fields are searched only when a dotted path names them
    When I search the records for "github"
    Then nothing matches
    When I search the records for "github" in the fields "summary, artifacts.spec, metadata.source"
    Then the result keys are "study.back-button-spec"

  Scenario: A nested object is left out by default and searched when its path is named
    When I search the records for "latency"
    Then nothing matches
    When I search the records for "latency" in the fields "content"
    Then the result keys are "decision.default-model"

  Scenario: Numbers and booleans contribute their text
    When I search the records for "2026 true" in the fields "year, approved"
    Then the result keys are "decision.default-model"

  Scenario: The codebook is never part of the searched text
    Given the codebook:
      """
      {"summary": "A one-sentence description of the record", "tags": "Topics"}
      """
    When I search the records for "description topics"
    Then nothing matches

  Scenario: Scores are EDSL's BM25 scores, highest first, zero scores left out
    Given the records:
      """
      [{"key": "r1", "summary": "the cat sat on the mat"}, {"key": "r2", "summary": "the dog sat"}, {"key": "r3", "summary": "cats and dogs"},
       {"key": "r4", "summary": "humanize survey back navigation"}, {"key": "r5", "summary": "back navigation settings in humanize schema"}]
      """
    When I search the records for "humanize back navigation" in the fields "summary" with scores
    Then the result keys are "r4, r5"
    And the scores are "2.7384330173155167, 2.2570678384905234"

  Scenario: Equal scores keep the records' order, and topK is applied after ranking
    Given the records:
      """
      [{"key": "a", "tags": ["alpha"]}, {"key": "b", "tags": ["alpha"]}, {"key": "c", "tags": ["beta"]},
       {"key": "d", "tags": ["alpha"]}, {"key": "e", "tags": ["alpha", "alpha"]}]
      """
    When I search the records for "alpha"
    Then the result keys are "e, a, b, d"
    When I search the records for "alpha" keeping the top 2
    Then the result keys are "e, a"

  Scenario: elasticlunr ranks with per-field boosts
    Given the records:
      """
      [{"key": "r1", "title": "notes", "summary": "pricing"}, {"key": "r2", "title": "pricing", "summary": "notes"}]
      """
    When I search the records for "pricing"
    Then the result keys are "r1, r2"
    When I search the records for "pricing" with elasticlunr boosting "title" by 3
    Then the result keys are "r2, r1"

  Scenario: The project config switches the search engine, and both engines find the records
    When I call the search-records tool for "humanize back navigation"
    Then the envelope data "engine" is "bm25"
    And the tool matches are "preference.humanize.navigation, study.back-button-spec"
    Given the ep config chooses "builtin/search-elasticlunr" to provide "ep.SearchEngine"
    When I call the search-records tool for "humanize back navigation"
    Then the envelope data "engine" is "elasticlunr"
    And the tool matches are "preference.humanize.navigation, study.back-button-spec"

  Scenario: A search plugin loaded by the project config ranks every search the ep binary makes
    Given the project config loads a search plugin that ranks the last record first
    When I call the search-records tool for "humanize back navigation"
    Then the envelope data "engine" is "last-first"
    And the tool matches are "decision.default-model, study.back-button-spec, study.pricing-pilot-2026-07, preference.humanize.navigation"
    Given the records are saved as the package "records.ep"
    When I run "ep context search --query 'humanize back navigation' --path records.ep"
    Then the matches are "decision.default-model, study.back-button-spec, study.pricing-pilot-2026-07, preference.humanize.navigation"

  Scenario: elasticlunr takes its field boosts from the plugin options in the config
    Given the records:
      """
      [{"key": "r1", "title": "notes", "summary": "pricing"}, {"key": "r2", "title": "pricing", "summary": "notes"}]
      """
    And the ep config chooses elasticlunr with the boosts:
      """
      {"title": 3}
      """
    When I call the search-records tool for "pricing"
    Then the envelope data "engine" is "elasticlunr"
    And the tool matches are "r2, r1"

  Scenario: A boost that is not a number stops start-up and names the field
    Given the ep config chooses elasticlunr with the boosts:
      """
      {"title": "high"}
      """
    When I call the search-records tool for "pricing"
    Then the command fails with code "SEARCH_BOOST_INVALID" and exit code 5
    And the error message mentions "boost for field title must be a number"
    And the error details "plugin" is "builtin/search-elasticlunr"

  Scenario: The search tool validates its input
    When I run "ep tools call builtin/search-records --json" with the JSON argument:
      """
      {"records": [{"key": "a"}]}
      """
    Then the command fails with code "TOOL_INPUT_INVALID" and exit code 5
    And the error message mentions "/query"

  Scenario: The search tool is listed as read-only
    When I run "ep tools list"
    Then the command succeeds
    And the tool "builtin/search-records" is listed as "read_only"
