Feature: Numbers keep their Python form through every input and output
  EDSL writes records with Python's json module: floats such as 1.0 and -0.0, integers beyond double
  precision, NaN and Infinity. Whichever way such a record goes into a package, its file is byte for byte
  what Python writes, and every output reads back in Python as the record. The fixtures are written and
  judged by the real python3.

  Background:
    Given Python writes the record "note.numbers" with 1.0, -0.0, 1e300, NaN, Infinity, 2^53+1 and 10^30

  Scenario Outline: <command> with the record <form> stores it as Python writes it
    When I run "<command>" with the record <form>
    Then the command succeeds, as Python reads its envelope
    And the record file of "note.numbers" in "numbers.ep" is Python's json.dumps of the record
    And Python reads the envelope data "scenario" as the record

    Examples:
      | command                                                | form           |
      | ep context add --path numbers.ep --json                | inline         |
      | ep context add --path numbers.ep --json                | @record.json   |
      | ep context add --path numbers.ep --json                | @-             |
      | ep context upsert --path numbers.ep --json             | inline         |
      | ep context upsert --path numbers.ep --json             | @record.json   |
      | ep context upsert --path numbers.ep --json             | @-             |
      | ep tools call builtin/context-upsert --json            | as tool input  |
      | ep tools call builtin/context-add --json               | as tool input  |

  Scenario Outline: ep scenarios create stores the record from a JSON <format> file as Python writes it
    Given Python writes the record as a JSON <format> file "records.json"
    When I run "ep scenarios create --from-json records.json --output numbers.ep"
    Then the command succeeds
    And the record file of "note.numbers" in "numbers.ep" is Python's json.dumps of the record

    Examples:
      | format |
      | array  |
      | lines  |

  Scenario Outline: <command> prints the record as Python reads it, from the package and from the read cache
    Given "numbers.ep" was created from the record
    When I run "<command>"
    Then Python reads the envelope data "<field>" as the record
    And the read cache holds "numbers.ep"
    When I run "<command>"
    Then Python reads the envelope data "<field>" as the record

    Examples:
      | command                                                                                     | field              |
      | ep context get --path numbers.ep --key note.numbers                                         | scenario           |
      | ep context search --path numbers.ep --query 'python number forms'                           | matches.0.scenario |
      | ep tools call builtin/context-get --json '{\"key\": \"note.numbers\", \"paths\": [\"numbers.ep\"]}'  | scenario           |
      | ep tools call builtin/context-search --json '{\"query\": \"python\", \"paths\": [\"numbers.ep\"]}'   | matches.0.scenario |

  Scenario Outline: A read cache that is <damage> is rebuilt, and the record still reads as Python wrote it
    Given "numbers.ep" was created from the record
    When I run "ep context get --path numbers.ep --key note.numbers"
    And the read cache of "numbers.ep" is <damage>
    And I run "ep context get --path numbers.ep --key note.numbers"
    Then Python reads the envelope data "scenario" as the record
    And the read cache holds "numbers.ep"

    Examples:
      | damage       |
      | cut short    |
      | scrambled    |
      | emptied      |

  Scenario: ep context pack over such a record prints an envelope Python reads
    Given "numbers.ep" was created from the record
    When I run "ep context pack --path numbers.ep --query python"
    Then the command succeeds
    And the envelope data "included.0.key" is "note.numbers"

  Scenario: A record EDSL wrote stays byte for byte when ep writes beside it
    Given "numbers.ep" was created from the record
    When I run "ep context upsert --path numbers.ep --json '{\"key\": \"note.other\", \"weight\": 2.0}'"
    Then the command succeeds
    And the record file of "note.numbers" in "numbers.ep" is Python's json.dumps of the record

  Scenario: Over MCP the record goes in as a tool argument and comes back exactly
    Given an MCP client speaking raw JSON lines to "ep mcp --allow-writes"
    When the raw client calls "builtin/context-upsert" with the record for "numbers.ep"
    Then the record file of "note.numbers" in "numbers.ep" is Python's json.dumps of the record
    When the raw client calls "builtin/context-get" for "note.numbers" in "numbers.ep"
    Then Python reads the MCP result text's "scenario" as the record
    And the MCP answer is strict JSON whose structured "scenario" is the record with NaN and Infinity as null
