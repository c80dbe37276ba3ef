Feature: Documented limits, enforced with clear errors
  Hostile or accidental input fails fast with LIMIT_EXCEEDED (exit 5) naming the limit, instead of
  exhausting memory or the stack; files that are not JSON files are refused before they are read.

  Scenario: JSON nested deeper than the limit is refused
    Given a JSON file "deep.json" nested 65 levels deep
    When I run "ep tools call builtin/search-records --json @deep.json"
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5
    And the error message mentions "nesting depth is 65 levels; the limit is 64 levels"

  Scenario: JSON input larger than the limit is refused
    Given a JSON file "big.json" of 17 MiB
    When I run "ep tools call builtin/search-records --json @big.json"
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5
    And the error details "max" is "16777216"

  Scenario: A project config nested deeper than the limit is refused
    Given a JSON file ".edsl/ep.json" nested 200 levels deep
    When I run "ep plugins list"
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5

  Scenario: A JSON file that is not UTF-8 is refused, not silently altered
    Given a file "answers.json" holding bytes that are not UTF-8
    When I run "ep tools call builtin/get-context-budget --json @answers.json"
    Then the command fails with code "INVALID_JSON" and exit code 2
    And the error message mentions "not valid UTF-8"

  Scenario: A named pipe where a JSON file belongs is refused at once
    Given a named pipe "input.json"
    When I run "ep tools call builtin/get-context-budget --json @input.json"
    Then the command fails with code "INVALID_INPUT" and exit code 2
    And the error message mentions "is not a regular file"

  Scenario: A record larger than the limit is refused before the package is touched
    Given a context package "notes.ep"
    And a record file "big.json" whose "summary" is 1100000 characters long
    When I run "ep context upsert --path notes.ep --json @big.json"
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5
    And the error details "max" is "1048576"

  Scenario: A key longer than the limit is refused
    Given a context package "notes.ep"
    And a record file "long-key.json" whose "key" is 513 characters long
    When I run "ep context upsert --path notes.ep --json @long-key.json"
    Then the command fails with code "LIMIT_EXCEEDED" and exit code 5
    And the error message mentions "the limit is 512 characters"
