Feature: Every command checks its options by the same rules
  A single-value option is given once and a repeatable one takes one value each time it is given; no value
  is empty; global options such as --plugin work before or after the command. Each broken rule is a
  USAGE_ERROR envelope (exit 2) naming the option, and nothing is written.

  Scenario Outline: An empty value is a usage error (<command line>)
    When I run "<command line>"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the error message mentions "<option> needs a value"

    Examples:
      | command line                                  | option    |
      | ep context use --path                         | --path    |
      | ep context use --path ''                      | --path    |
      | ep context use --path=                        | --path    |
      | ep context get --key ''                       | --key     |
      | ep context search --query ''                  | --query   |
      | ep context search --query tides --field ''    | --field   |
      | ep context add --json @record.json --message= | --message |
      | ep session show ''                            | <id>      |

  Scenario: A refused empty path leaves the active context as it was
    Given the active context is "research_context.ep"
    When I run "ep context use --path ''"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the file ".edsl/context.json" holds "default_write_context_path" = "research_context.ep"

  Scenario Outline: A number option needs a number (<command line>)
    When I run "<command line>"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the error message mentions "--top-k needs a number"

    Examples:
      | command line                              |
      | ep context pack --query pilot --top-k ''  |
      | ep context pack --query pilot --top-k     |
      | ep context search --query pilot --top-k=  |

  Scenario Outline: A single-value option given twice is a usage error (<command line>)
    When I run "<command line>"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the error message mentions "<option> was given 2 times; give it once."
    And the file ".edsl/context.json" does not exist

    Examples:
      | command line                                                             | option      |
      | ep context use --path a.ep --path b.ep                                   | --path      |
      | ep context get --key a --key b                                           | --key       |
      | ep context pack --query a --query b                                      | --query     |
      | ep context pack --query a --top-k 1 --top-k 2                            | --top-k     |
      | ep run ./agent.mjs#plan --session s1 --resume s2                         | --session   |
      | ep tools call acme/x --json {} --json {}                                 | --json      |
      | ep scenarios create --from-json a.json --from-json b.json --output x.ep  | --from-json |
      | ep mcp --session a --session b                                           | --session   |

  Scenario: A repeatable option takes one value each time it is given
    When I run "ep context search --query tides --path a.ep b.ep"
    Then the command fails with code "USAGE_ERROR" and exit code 2
    And the error message mentions "Unknown argument: b.ep"

  Scenario Outline: --plugin works before or after the command (<command line>)
    Given a plugin module "extra/plugin.mjs" for plugin "acme/extra"
    When I run "<command line>"
    Then the command succeeds
    And the plugin list shows "acme/extra" from "flag"

    Examples:
      | command line                                 |
      | ep --plugin ./extra/plugin.mjs plugins list  |
      | ep --plugin=./extra/plugin.mjs plugins list  |
      | ep plugins list --plugin ./extra/plugin.mjs  |

  Scenario: --plugin before context pack loads the plugin and keeps the command
    Given a context package "research_context.ep" with the humanize records
    And a plugin module "extra/plugin.mjs" for plugin "acme/extra"
    When I run "ep --plugin ./extra/plugin.mjs context pack --query 'humanize back navigation' --path research_context.ep" logging plugin lifecycles
    Then the command succeeds
    And the envelope data "included.0.key" is "study.humanize-back-navigation-spec"
    And the lifecycle log reads "init:acme/extra, shutdown:acme/extra"
