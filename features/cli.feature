Feature: The ep command line speaks JSON envelopes to agents
  stdout carries exactly one JSON envelope; usage errors are envelopes too; help stays plain text.

  Scenario: An unknown command is a usage error envelope
    When I run "ep frobnicate"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the error suggestion is "Run `ep --help` (or `ep <command> --help`) for usage."

  Scenario Outline: An unknown subcommand of a command group is a usage error envelope
    When I run "ep <group> frobnicate"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the error message mentions "Unknown command: <group> frobnicate"
    And the error suggestion is "Run `ep <group> --help` to see its commands."

    Examples:
      | group     |
      | context   |
      | session   |
      | code      |
      | plugins   |
      | tools     |
      | db        |
      | scenarios |

  Scenario: An unknown option is a usage error envelope
    When I run "ep plugins list --bogus-option"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the error message mentions "bogus-option"

  Scenario: Help is plain text
    When I run "ep --help"
    Then stdout is plain text mentioning "Exit codes"
    And stdout is plain text mentioning "ep context <command>"

  Scenario: A tool call with invalid JSON names the option
    When I run "ep tools call acme/anything --json '{not json'"
    Then the command fails with code "INVALID_JSON" and exit code 2
    And the error message mentions "--json"

  Scenario: The demo walks through the product on the embedded default with no configuration
    When I run "ep demo"
    Then the command succeeds
    And the envelope data "search.matches.0.key" is "preference.humanize.navigation"
    And the envelope data "upsert.history" has 2 items
    And the envelope data "session.last_prompt" mentions "User prefers Back settings in humanize_schema"
    And the envelope data "assembled.fragments" has an item whose "node" is "preference.humanize.navigation"

  Scenario: The demo's package is a real active context afterwards
    When I run "ep demo"
    And I run "ep context search --query 'survey length'" in the demo's project directory
    Then the command succeeds
    And the envelope data "matches.0.scenario.key" is "preference.survey.length"
