Feature: A write that is reported has landed where the user pointed
  An upsert that says ok has put its record at the HEAD of the package the user named: after EDSL detached
  HEAD, through a symbolic link to a shared package, and never half-way on a full disk. An upsert that
  changes nothing says so and makes no commit.

  Scenario Outline: Upserting into a package whose HEAD EDSL detached at the <which> commit commits there, as EDSL's save does
    Given a context package "research_context.ep" with the humanize records and a second commit, its HEAD detached at "<revision>" with git
    When I run "ep context upsert --path research_context.ep --json '{\"key\": \"note.detached\", \"summary\": \"Written at a detached HEAD.\"}'"
    Then the command succeeds
    And the envelope warns "DETACHED_HEAD" about "research_context.ep"
    And plain git finds HEAD of "research_context.ep" detached at a new commit on top of the one it was detached at
    And plain git finds branch main of "research_context.ep" where it was, and the working tree clean
    And "research_context.ep" holds "note.detached" with "summary" = "Written at a detached HEAD."

    Examples:
      | which  | revision |
      | newest | HEAD     |
      | older  | HEAD~1   |

  Scenario: Push and pull refuse a package whose HEAD is detached, as EDSL does
    Given a context package "research_context.ep" with the humanize records and a second commit, its HEAD detached at "HEAD" with git
    And a bare git repository "remote.git"
    When I try to push "research_context.ep" to "remote.git"
    Then the remote call fails with "DETACHED_HEAD"
    When I try to pull "remote.git" into "research_context.ep"
    Then the remote call fails with "DETACHED_HEAD"

  Scenario: Upserting through a symbolic link writes the shared package and keeps the link
    Given a shared package "shared/team_context.ep" with the team records, linked into the project as "team_context.ep"
    When I run "ep context upsert --path team_context.ep --json '{\"key\": \"note.shared\", \"summary\": \"For the whole team.\"}'"
    Then the command succeeds
    And "team_context.ep" is still a symbolic link to "shared/team_context.ep"
    And "shared/team_context.ep" holds "note.shared" with "summary" = "For the whole team."

  Scenario: A write through a symbolic link waits for the lock of the link's target
    Given a shared package "shared/team_context.ep" with the team records, linked into the project as "team_context.ep"
    And writers wait at most 300 ms for a package lock
    And a live writer holds the lock of "shared/team_context.ep"
    When I run "ep context upsert --path team_context.ep --json '{\"key\": \"note.shared\"}'"
    Then the command fails with code "PACKAGE_LOCKED" and exit code 1
    And the error message mentions "shared/team_context.ep.lock"
    And "team_context.ep" is still a symbolic link to "shared/team_context.ep"

  Scenario Outline: Upserting a record identical to the stored one is unchanged and makes no commit (<how>)
    Given a context package "research_context.ep" with the humanize records
    And I ran "ep context use --path research_context.ep --write"
    And I ran "ep context upsert --json '{\"key\": \"note.same\", \"summary\": \"Same again.\", \"tags\": [\"a\"]}'"
    And a second has passed
    And I note every file in the project
    When <upsert>
    Then the envelope data "status" is "unchanged"
    And the envelope data "save_status" is "unchanged"
    And every file in the project is byte for byte unchanged

    Examples:
      | how                          | upsert                                                                                                             |
      | the same JSON                | I run "ep context upsert --json '{\"key\": \"note.same\", \"summary\": \"Same again.\", \"tags\": [\"a\"]}'" |
      | the record as get returns it | I upsert the record "note.same" returned again                                                                     |

  Scenario Outline: A full disk is DISK_FULL and changes nothing (<case>)
    Given a context package "notes.ep" with the humanize records
    And the temporary directory is <tmp> the full disk
    When I run "ep context upsert --path disk/notes.ep --json '{\"key\": \"note.big\", \"summary\": \"Does not fit.\"}'" with <room> bytes left on a full disk holding "notes.ep"
    Then the command fails with code "DISK_FULL" and exit code 1
    And the error message mentions "nothing was changed"
    And the full disk holds "notes.ep" byte for byte as before, and nothing else but the filler

    Examples:
      | case                               | room | tmp |
      | no room for the lock               | 0    | off |
      | room for the lock, not the package | 8192 | off |
      | the temporary directory full too   | 8192 | on  |
