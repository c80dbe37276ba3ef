Feature: Git-backed .ep packages
  Context records persist as EDSL's git-backed ScenarioList package: a zip of a git working tree with its
  .git directory, one real commit per save, and JSON written byte for byte as EDSL writes it.

  Scenario: Records survive a save and load unchanged
    Given records with unicode, nested objects, lists, nulls, integers and floats
    When I save the records to "data.ep"
    And I load "data.ep"
    Then the loaded records equal the saved records
    And every scenario file in "data.ep" is Python's JSON of its record

  Scenario: A save is one real commit that plain git reads
    Given 3 keyed records
    When I save the records to "data.ep" with the message "First save"
    Then the save status is "ok"
    And "data.ep" unpacks to a clean git worktree whose HEAD commit is "First save" by "EDSL <edsl@example.invalid>"
    And "data.ep" holds only sorted regular files, no hooks, and has mode 600

  Scenario: Saving the same records again reports unchanged
    Given a package "data.ep" saved from 3 keyed records
    When I save the records to "data.ep"
    Then the save status is "unchanged"
    And the history of "data.ep" has 1 commit

  Scenario: Scenario ids are stable across saves
    Given a package "data.ep" saved from the records A, B and C
    When I save A edited, B, C and a copy of C to "data.ep"
    Then the scenario order of "data.ep" is "000004,000002,000003,000005"
    And "data.ep" has no file "scenarios/000001.json"

  Scenario: History lists every save with its message and time
    Given a package "data.ep" saved from 3 keyed records
    When I upsert the key "note.extra" into "data.ep" with the message "Add a note"
    Then the history of "data.ep" has 2 commits
    And the latest commit message of "data.ep" is "Add a note"
    And every commit of "data.ep" has an ISO-8601 UTC timestamp

  Scenario: Diff between refs names added, removed and changed records by key
    Given a package "data.ep" saved from 3 keyed records
    When I change "rec.1", remove "rec.2" and add "rec.9" in "data.ep"
    And I diff "data.ep" from "HEAD~1" to "HEAD"
    Then the diff adds "rec.9", removes "rec.2" and changes "rec.1"

  Scenario: A package is shared through a git remote
    Given a package "data.ep" saved from 3 keyed records
    And a bare git repository "remote.git"
    When I push "data.ep" to "remote.git"
    And I upsert the key "note.extra" into "data.ep" with the message "Add a note"
    And I push "data.ep" to "remote.git"
    And I pull "remote.git" into "copy.ep"
    Then "copy.ep" has the same records and history as "data.ep"

  Scenario: A pull fast-forwards an older copy
    Given a package "data.ep" saved from 3 keyed records
    And a bare git repository "remote.git"
    When I push "data.ep" to "remote.git"
    And I pull "remote.git" into "copy.ep"
    And I upsert the key "note.extra" into "data.ep" with the message "Add a note"
    And I push "data.ep" to "remote.git"
    And I pull "remote.git" into "copy.ep"
    Then "copy.ep" has the same records and history as "data.ep"

  Scenario: Files that are not packages are rejected with clear codes
    Given a file "notes.ep" that is not a zip archive
    When I try to load "notes.ep"
    Then loading fails with "INVALID_PACKAGE" naming "notes.ep"
    When I try to load "missing.ep"
    Then loading fails with "FILE_NOT_FOUND" naming "missing.ep"

  Scenario: The package store and the context packer are built-in plugins
    When I run "ep plugins list"
    Then the plugin list shows "builtin/storage-ep" from "builtin"
    And the plugin list shows "builtin/context-pack" from "builtin"

  Scenario: Packages load through the runtime's package store
    Given a package "data.ep" saved from 3 keyed records
    When I load "data.ep" through the runtime
    Then the loaded records equal the saved records

  Scenario: Diverged histories are refused by a pull
    Given a package "data.ep" pushed to a bare repository "remote.git" and pulled into "copy.ep"
    When I upsert the key "note.a" into "data.ep" with the message "Change A"
    And I push "data.ep" to "remote.git"
    And I upsert the key "note.b" into "copy.ep" with the message "Change B"
    And I try to pull "remote.git" into "copy.ep"
    Then the remote call fails with "PULL_DIVERGED"

  Scenario: Tagging a commit and restoring it
    Given a package "data.ep" saved from 3 keyed records
    When I upsert the key "note.extra" into "data.ep" with the message "Add a note"
    And I tag "HEAD~1" of "data.ep" as "before-note"
    And I restore "data.ep" to "before-note"
    Then "data.ep" holds 3 records
    And the history of "data.ep" has 3 commits
    And the latest commit message of "data.ep" is "Restore before-note"
