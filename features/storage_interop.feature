Feature: Packages written by EDSL
  Fixtures are built the way EDSL builds packages (plain git, Python's JSON, a sorted zip without hooks)
  so no Python is needed. ep must read them at any ref and write commits EDSL reads back.

  Background:
    Given an EDSL-written package "edsl.ep" with commits "v1" and "v2", tag "first" on "v1" and branch "draft" on "v1"

  Scenario Outline: Loading at a ref
    When I load "edsl.ep" at "<ref>"
    Then the loaded records are those of commit "<commit>"

    Examples:
      | ref     | commit |
      | HEAD    | v2     |
      | main    | v2     |
      | HEAD~1  | v1     |
      | first   | v1     |
      | draft   | v1     |

  Scenario: HEAD is read from the archive's files when they equal HEAD
    When I load "edsl.ep" at "HEAD"
    Then the load read the worktree without running git

  Scenario: Floats written as 1.0 stay 1.0 through an ep save
    When I upsert the key "note.extra" into "edsl.ep" with the message "Add a note"
    Then the scenario files of commit "v2" are unchanged in "edsl.ep"
    And plain git shows a clean worktree at HEAD "Add a note" in "edsl.ep"

  Scenario: A package zipped during git housekeeping still loads
    Given "edsl.ep" was zipped mid-repack with a stray temporary pack, a lock file and no empty directories
    When I load "edsl.ep" at "HEAD"
    Then the loaded records are those of commit "v2"
    When I load "edsl.ep" at "HEAD~1"
    Then the loaded records are those of commit "v1"

  Scenario Outline: A package whose HEAD objects are <damage> loads from its worktree
    Given "edsl.ep" has the objects of its HEAD commit <damage>
    When I load "edsl.ep" at "HEAD"
    Then the loaded records are those of commit "v2"
    And the load warns that the working tree was read

    Examples:
      | damage    |
      | missing   |
      | truncated |

  Scenario: A package of another EDSL type is refused
    Given an EDSL-written Survey package "survey.ep"
    When I try to load "survey.ep"
    Then loading fails with "UNSUPPORTED_OBJECT" naming "survey.ep"
