Feature: Untrusted packages, concurrent writers and crashes
  A .ep file can come from anyone, several agents may write one package at once, and a writer can die at
  any moment. None of this may run foreign commands, lose a write or leave a broken package.

  Scenario: Opening, searching and writing a hostile package runs none of its commands
    Given a package "hostile.ep" whose git config, attributes and hooks all touch a marker file
    When I load, search, upsert into, log and diff "hostile.ep"
    Then the marker file does not exist
    And "hostile.ep" holds only sorted regular files, no hooks, and has mode 600

  Scenario Outline: Archives with unsafe members are rejected before anything is unpacked
    Given a package "bad.ep" with a member <member>
    When I try to load "bad.ep"
    Then loading fails with "<code>" naming "bad.ep"
    And nothing was written outside the project directory

    Examples:
      | member                       | code            |
      | named "../escape.txt"        | INVALID_PACKAGE |
      | named "/tmp/absolute.txt"    | INVALID_PACKAGE |
      | that is a symlink            | INVALID_PACKAGE |
      | declaring 3 GB of content    | LIMIT_EXCEEDED  |

  Scenario: The number of members is bounded
    Given a package "wide.ep" saved from 50 keyed records
    When I try to load "wide.ep" allowing at most 20 members
    Then loading fails with "LIMIT_EXCEEDED" naming "wide.ep"

  Scenario: Several processes upserting into one package lose nothing
    Given a package "shared.ep" saved from 3 keyed records
    When 4 processes each upsert 5 records into "shared.ep" at the same time
    Then "shared.ep" holds 23 records
    And the history of "shared.ep" has 21 commits

  Scenario: A writer killed in the middle of a save leaves the old or the new package
    Given a package "big.ep" saved from 3 keyed records
    When a process saving 4000 records to "big.ep" is killed mid-save
    Then "big.ep" loads with either 3 or 4000 records
    And a new save to "big.ep" succeeds
    And no temporary file is left beside "big.ep"

  Scenario: Temporary directories are removed afterwards
    Given a package "data.ep" saved from 3 keyed records
    When I load "data.ep" at "HEAD~0"
    And I try to load "data.ep" at "no-such-branch"
    Then no temporary package directories are left behind

  Scenario: Remotes that run commands are refused
    Given a package "data.ep" saved from 3 keyed records
    When I try to push "data.ep" to "ext::sh -c touch% MARKER"
    Then the remote call fails with "INVALID_REMOTE"
    And the marker file does not exist
