Feature: ScenarioContext
  A ScenarioList used as durable working context: keyed records, upsert, scored search and prompt packing.

  Scenario: Load keeps the path so save needs none
    Given a package "ctx.ep" saved from 3 keyed records
    When I load the context "ctx.ep"
    And I upsert the context record "note.a" with summary "Remember the pilot budget"
    And I save the context without a path and the message "Update context"
    Then the history of "ctx.ep" has 2 commits
    And the latest commit message of "ctx.ep" is "Update context"

  Scenario: Converting to and from a ScenarioList
    Given a context built from a ScenarioList of 3 keyed records
    When I upsert the context record "note.a" with summary "Added after conversion"
    Then the context's ScenarioList has the 3 records in the same order followed by "note.a"

  Scenario: Get returns a record, a default, or a clear error
    Given a context built from a ScenarioList of 3 keyed records
    Then getting "rec.2" returns the record "rec.2"
    And getting "missing.key" with a default returns the default
    And getting "missing.key" without a default fails with "KEY_NOT_FOUND"

  Scenario Outline: Adding a duplicate key follows the duplicates policy
    Given a context built from a ScenarioList of 3 keyed records
    When I add the record "rec.1" with summary "Second version" and duplicates "<policy>"
    Then the add outcome is "<outcome>" and "rec.1" has summary "<summary>"

    Examples:
      | policy  | outcome  | summary        |
      | error   | error    | Summary 1      |
      | skip    | skipped  | Summary 1      |
      | replace | replaced | Second version |

  Scenario: Upsert keeps created_at, moves updated_at and lets caller values win
    Given an empty context whose clock reads "2026-07-17T10:00:00Z"
    When I upsert the context record "pref.a" with summary "First"
    And the clock reads "2026-07-18T09:30:00Z" and I upsert "pref.a" as fields with summary "Second"
    Then "pref.a" has created_at "2026-07-17T10:00:00Z" and updated_at "2026-07-18T09:30:00Z"
    When I upsert "pref.b" with created_at "2020-01-01T00:00:00Z"
    Then "pref.b" has created_at "2020-01-01T00:00:00Z" and updated_at "2026-07-18T09:30:00Z"

  Scenario: Keyed operations require a non-empty string key
    Given an empty context whose clock reads "2026-07-17T10:00:00Z"
    Then upserting a record without a key fails with "INVALID_CONTEXT_KEY"
    And adding a record with the key "" fails with "INVALID_CONTEXT_KEY"
    And adding a record with the key 42 fails with "INVALID_CONTEXT_KEY"

  Scenario: Search always returns scored records in rank order
    Given a context with the humanize navigation records
    When I search the context for "user prefers back settings"
    Then the first match is "preference.humanize.navigation" with a positive score
    And every match has a score and a scenario

  Scenario: Search on explicit dotted fields
    Given a context with the humanize navigation records
    When I search the context for "github issue" in the fields "summary,artifacts.spec"
    Then the first match is "study.humanize-back-navigation-spec" with a positive score

  Scenario: Two contexts loaded from one package both keep their writes
    Given a package "ctx.ep" saved from 3 keyed records
    When two contexts load "ctx.ep", each upserts a different record, and both save
    Then "ctx.ep" holds 5 records
    And the history of "ctx.ep" has 3 commits
