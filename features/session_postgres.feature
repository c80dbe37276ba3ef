Feature: Sessions shared by many processes and machines through PostgreSQL
  With EP_DATABASE_URL set, sessions live in one PostgreSQL database instead of files under EP_HOME, so
  workers on several machines share and resume them by id. Nodes stay numbered uniquely, in log order,
  however many processes write one session; a server that goes away leaves whole records only.

  Scenario: A session started on one machine is resumed on another
    Given a PostgreSQL database the machines share
    When machine "a" runs the example agent "survey" with input '{"topic":"tides"}'
    And machine "b" continues that session with the example agent "survey" and input '{"topic":"moons"}'
    Then machine "c" shows the session with 2 turns, the second survey following the first
    And no machine keeps session files under its EP_HOME

  Scenario: A session recorded on PostgreSQL is exported to files another EP_HOME reads
    Given a PostgreSQL database the machines share
    When machine "a" runs the example agent "survey" with input '{"topic":"tides"}'
    And machine "b" continues that session with the example agent "survey" and input '{"topic":"moons"}'
    And machine "a" exports that session to "exported"
    Then the session shown from the files under "exported" has the nodes and turns shown from the database
    And plain git lists 2 turn commits in the session exported to "exported"

  Scenario: Eight processes each make 50 calls in one session and nothing is lost
    Given a PostgreSQL database the machines share
    When 8 processes each make 50 calls in session "fleet" at once
    Then the session "fleet" holds 408 nodes numbered 1 to 408, each process's calls in its order
    And the session "fleet" records 8 turns

  Scenario: The server stopping mid-write fails the run with a clear code and leaves whole records only
    Given a PostgreSQL database the machines share
    When a run of 2000 calls in session "cut" is under way and the server stops
    Then the command fails with code "AGENT_FAILED" and exit code 6
    And the error details "storeError" is "DATABASE_CONNECTION_LOST"
    When the server is back and a run of 3 calls continues session "cut"
    Then the session "cut" reads back numbered without gaps, with 1 turn and the interrupted calls left running

  Scenario: ep db migrate applies the schema once, and a schema from a newer ep is refused
    Given a PostgreSQL database the machines share
    When I run "ep db migrate" against the database
    Then the envelope data "applied" has 2 items
    When I run "ep db migrate" against the database
    Then the envelope data "applied" has 0 items
    When the database's schema is marked as version 99 and I run "ep session list" against it
    Then the command fails with code "DATABASE_SCHEMA_VERSION" and exit code 5

  Scenario: A server that is not there is named with DATABASE_UNREACHABLE
    When I run "ep session list" with EP_DATABASE_URL naming a port nothing listens on
    Then the command fails with code "DATABASE_UNREACHABLE" and exit code 6
    And the error message mentions "127.0.0.1"

  Scenario: A project config that points sessions at a database takes effect only once trusted
    Given a PostgreSQL database the machines share
    And a project whose ep config keeps sessions in that database
    When I run "ep session list"
    Then the command fails with code "CONFIG_NOT_TRUSTED" and exit code 4
    And the error names the entry 'options["builtin/session-store-postgres"].url' and the command "ep trust"
    When I run "ep trust"
    And I run "ep session list"
    Then the command succeeds
