Feature: Bombs and pathological sizes in untrusted packages
  A .ep file can come from anyone. However its archive, its git objects and its records were made, reading
  or writing it costs bounded time and memory: what is past a documented limit is refused with
  LIMIT_EXCEEDED, and a record too deep to read safely leaves the rest of the package readable and writable.

  Scenario Outline: A git object inflating to gigabytes is refused at once
    Given a package "bomb.ep" whose "<object>" inflates to 3 GiB
    When I run "ep context get --path bomb.ep --key note.alpha", measuring its time and memory
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5
    And the error message mentions "The size of <type> object"
    And the error details "max" is "<max>"
    And it answered within 20 seconds, using at most 256 MiB

    Examples:
      | object                        | type   | max        |
      | HEAD commit, a loose object,  | commit | 1048576    |
      | HEAD commit, in a pack,       | commit | 1048576    |
      | HEAD record file, in a pack,  | blob   | 2147483648 |

  Scenario: A commit bomb is refused by history and writes too, and the package is left as it was
    Given a package "bomb.ep" whose "HEAD commit, a loose object," inflates to 3 GiB
    And I note every file in the project
    When I run "ep context upsert --path bomb.ep --json '{\"key\": \"note.gamma\"}'"
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5
    And every file in the project is byte for byte unchanged

  Scenario: A record file larger than the limit is refused as soon as git announces its size
    Given a package "big.ep" whose HEAD record file of 64 MiB differs from the archive's own copy
    When I run "ep context get --path big.ep --key note.beta", measuring its time and memory
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5
    And the error details "max" is "16777216"
    And it answered within 20 seconds, using at most 256 MiB

  Scenario: A record file within the limit is read through git
    Given a package "big.ep" whose HEAD record file of 15 MiB differs from the archive's own copy
    When I run "ep context get --path big.ep --key note.beta", measuring its time and memory
    Then the command succeeds
    And it answered within 20 seconds, using at most 512 MiB

  Scenario: A record nested past the depth limit is left out of reads, with a warning
    Given a package "deep.ep" holding a record "note.deep" nested 100000 levels deep between two others
    When I run "ep context search --path deep.ep --query first"
    Then the matches are "note.alpha"
    And the envelope warns "PACKAGE_WARNING" about "scenarios/000002.json is nested 100000 levels deep (the limit is 64)"

  Scenario: Asking for a record nested past the depth limit gives LIMIT_EXCEEDED
    Given a package "deep.ep" holding a record "note.deep" nested 100000 levels deep between two others
    When I run "ep context get --path deep.ep --key note.deep"
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5
    And the error message mentions "nesting depth of scenarios/000002.json"

  Scenario: Writing other records keeps a record nested past the depth limit byte for byte
    Given a package "deep.ep" holding a record "note.deep" nested 100000 levels deep between two others
    When I run "ep context upsert --path deep.ep --json '{\"key\": \"note.gamma\", \"summary\": \"third\"}'"
    Then the command succeeds
    And the stored record file of "deep.ep" is byte for byte as it was
    And "deep.ep" holds the keys "note.alpha, note.deep, note.beta, note.gamma"

  Scenario: A member named differently in its local header is refused, as Python's zipfile refuses it
    Given a context package "odd.ep" with the humanize records
    And "odd.ep" names its member "scenarios/000001.json" "scenarios/000009.json" in the member's local header
    When I run "ep context get --path odd.ep --key constraint.consent"
    Then the command fails with code "INVALID_PACKAGE" and exit code 5
    And the error message mentions "has another name in its local header"
    And Python's zipfile refuses "odd.ep" too
