Feature: Bad input to ep context is one error envelope and changes nothing
  Every mistake an agent can make gives one error envelope with a specific code and exit code, and every
  package in the project stays byte for byte as it was.

  Background:
    Given the packages "research_context.ep" and "team_context.ep", a folder, a plain file, a Survey package and a corrupt package
    And I ran "ep context use --path research_context.ep"
    And I note every file in the project

  Scenario Outline: <case>
    When I run "<command>"
    Then the command fails with code "<code>" and exit code <exit>
    And the error has only the keys code, message and optionally suggestion and details
    And every file in the project is byte for byte unchanged

    Examples:
      | case                                  | command                                                                         | code                | exit |
      | invalid JSON                          | ep context upsert --json '{\"key\": '                                           | INVALID_JSON        | 2    |
      | JSON that is not an object            | ep context upsert --json '[1, 2]'                                               | INVALID_RECORD      | 5    |
      | a record without a key                | ep context add --json '{\"summary\": \"no key\"}'                               | MISSING_KEY         | 5    |
      | --key contradicting the JSON          | ep context upsert --key note.a --json '{\"key\": \"note.b\"}'                   | KEY_MISMATCH        | 2    |
      | a missing JSON file                   | ep context upsert --json @missing.json                                          | FILE_NOT_FOUND      | 3    |
      | a missing package                     | ep context search --query humanize --path missing.ep                            | FILE_NOT_FOUND      | 3    |
      | a directory where a package goes      | ep context get --key constraint.consent --path folder.ep                        | INVALID_PACKAGE     | 5    |
      | writing into a directory              | ep context upsert --path folder.ep --json '{\"key\": \"note.a\"}'               | INVALID_PACKAGE     | 5    |
      | a file that is not a package          | ep context search --query humanize --path notes.ep                              | INVALID_PACKAGE     | 5    |
      | writing into a file that is no package | ep context add --path notes.ep --json '{\"key\": \"note.a\"}'                  | INVALID_PACKAGE     | 5    |
      | an EDSL Survey package                | ep context search --query humanize --path survey.ep                             | UNSUPPORTED_OBJECT  | 5    |
      | writing into an EDSL Survey package   | ep context upsert --path survey.ep --json '{\"key\": \"note.a\"}'               | UNSUPPORTED_OBJECT  | 5    |
      | a corrupt package                     | ep context get --key constraint.consent --path corrupt.ep                       | INVALID_PACKAGE     | 5    |
      | a corrupt package among active ones   | ep context pack --query humanize --path research_context.ep --path corrupt.ep   | INVALID_PACKAGE     | 5    |
      | history of a file that is no package  | ep context history --path notes.ep                                              | INVALID_PACKAGE     | 5    |
      | history of a missing package          | ep context history --path missing.ep                                            | FILE_NOT_FOUND      | 3    |
      | a missing key on get                  | ep context get --key no.such.key                                                | KEY_NOT_FOUND       | 3    |
      | a duplicate on add                    | ep context add --json '{\"key\": \"constraint.consent\"}'                       | DUPLICATE_KEY       | 5    |
      | an unknown option                     | ep context search --query humanize --bogus-option                               | USAGE_ERROR         | 2    |
      | a missing required option             | ep context get                                                                  | USAGE_ERROR         | 2    |
      | a write option given twice           | ep context upsert --path a.ep --path b.ep --json '{\"key\": \"note.a\"}'       | USAGE_ERROR         | 2    |
      | a top-k that is not a positive number | ep context search --query humanize --top-k 0                                    | USAGE_ERROR         | 2    |
      | creating over an existing package     | ep scenarios create --from-json research_context.ep --output team_context.ep    | FILE_EXISTS         | 1    |
      | writing into a missing directory      | ep context upsert --path nowhere/new.ep --json '{\"key\": \"note.a\"}'         | FILE_NOT_FOUND      | 3    |
      | creating in a missing directory       | ep scenarios create --from-json .edsl/context.json --output nowhere/new.ep      | FILE_NOT_FOUND      | 3    |
      | creating from a missing file          | ep scenarios create --from-json missing.json --output new_context.ep            | FILE_NOT_FOUND      | 3    |
      | creating from a file that is no JSON  | ep scenarios create --from-json notes.ep --output new_context.ep                | INVALID_JSON        | 2    |
      | creating from a JSON object           | ep scenarios create --from-json .edsl/context.json --output new_context.ep      | INVALID_JSON        | 2    |

  Scenario: A wrong object type at the active context path is UNSUPPORTED_OBJECT
    Given I ran "ep context use --path survey.ep"
    And I note every file in the project
    When I run "ep context search --query humanize"
    Then the command fails with code "UNSUPPORTED_OBJECT" and exit code 5
    And every file in the project is byte for byte unchanged
