Feature: Context records shared through PostgreSQL
  With EP_DATABASE_URL set, a context named postgres:///<name> lives in the database: every save is a version
  with its message and time, upserts from any number of processes land under a row lock, and search ranks
  its records with the same engine as a .ep package. Export and import copy a context, history included,
  between the database and an EDSL-readable package.

  Scenario: Eight processes each upsert 50 records into one database context and nothing is lost
    Given a PostgreSQL database the machines share
    When 8 processes each upsert 50 records into "postgres:///team" at once
    Then "postgres:///team" holds 400 records, 50 from each process, in 400 versions

  Scenario: A database context ranks its records exactly as a .ep package with the same records
    Given a PostgreSQL database the machines share
    And a package "notes.ep" of 40 notes imported into "postgres:///notes"
    When I search "notes.ep" and "postgres:///notes" for "pricing pilot survey"
    Then both searches give the same records with the same scores

  Scenario: Export to a .ep package and import back keep every version and message
    Given a PostgreSQL database the machines share
    And "postgres:///team" has had 3 upserts with the messages "first", "second" and "third"
    When I run "ep context export --path postgres:///team --to team.ep" against the database
    Then plain git reads "team.ep" with the messages "third", "second", "first", its files Python's JSON of the records
    When I run "ep context import --from team.ep --path postgres:///again" against the database
    Then every version of "postgres:///again" holds the records of the same version of "team.ep"

  Scenario: A copy never overwrites a context that exists
    Given a PostgreSQL database the machines share
    And "postgres:///team" has had 3 upserts with the messages "first", "second" and "third"
    When I run "ep context import --from postgres:///team --path postgres:///team" against the database
    Then the command fails with code "CONTEXT_EXISTS" and exit code 5

  Scenario: The server stopping in the middle of an import leaves no context, and the import made again copies it whole
    Given a PostgreSQL database the machines share
    And a package "long.ep" of 60 versions saved over the years
    When an import of "long.ep" into "postgres:///long" is under way and the server stops
    Then the command fails with code "DATABASE_CONNECTION_LOST" and exit code 6
    And there is no context "postgres:///long" once the server is back
    When I run "ep context import --from long.ep --path postgres:///long" against the database
    Then every version of "postgres:///long" holds the records of the same version of "long.ep"
    And the versions of "postgres:///long" keep the times of the commits of "long.ep"
