Feature: Code context over a TypeScript project
  The same nodes under uko-ts:, from a TypeScript tree: classes, interfaces, functions bound to a const and
  methods, with leading doc comments as their docs.

  Background:
    Given the TypeScript project with a scenario offloader

  Scenario Outline: A focus on a class at <depth>
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Review offloading", "focus": ["uko-ts:class/ScenarioOffloader"], "depth": "<depth>", "breadth": 0}
      """
    Then the assembled nodes are "uko-ts:class/offloader.ScenarioOffloader"
    And the fragment "uko-ts:class/offloader.ScenarioOffloader" has detail depth <level>
    And the fragment "uko-ts:class/offloader.ScenarioOffloader" shows "<shown>"
    And the fragment "uko-ts:class/offloader.ScenarioOffloader" does not show "<hidden>"

    Examples:
      | depth              | level | shown                                            | hidden                     |
      | MODULE_LISTING     | 0     | export class ScenarioOffloader extends Offloader | run                        |
      | MEMBER_LISTING     | 2     | run                                              | run(): OffloadResult       |
      | SIGNATURES         | 4     | /** Writes the values and says how many bytes. */ | return { bytes: 0 }       |
      | STRUCTURAL_OUTLINE | 6     | if (this.scenario.size() === 0)                  | super();                   |

  Scenario: FULL_SOURCE is the exact text with its doc comment, located by file and lines
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Review offloading", "focus": ["uko-ts:class/offloader.ScenarioOffloader"], "depth": "FULL_SOURCE", "breadth": 0}
      """
    Then the fragment "uko-ts:class/offloader.ScenarioOffloader" is exactly lines 4 to 15 of "src/offloader.ts"
    And the fragment "uko-ts:class/offloader.ScenarioOffloader" is located at "warm:code:src/offloader.ts:4-15"

  Scenario: Scenario.offload reaching ScenarioOffloader counts, in both directions
    When I run "ep context request --purpose Review --focus uko-ts:class/ScenarioOffloader --depth SIGNATURES --breadth 1"
    Then the fragment "uko-ts:method/scenario.Scenario.offload" was selected by "breadth:1"
    And the fragment "uko-ts:method/scenario.Scenario.offload" has detail depth 2
    And the fragment "uko-ts:class/base.Offloader" was selected by "breadth:1"
    And the fragment "uko-ts:interface/base.OffloadResult" was selected by "breadth:1"

  Scenario: Breadth 2 goes one hop further, with less detail again
    When I run "ep context request --purpose Review --focus uko-ts:method/Scenario.offload --depth SIGNATURES --breadth 2"
    Then the fragment "uko-ts:method/scenario.Scenario.offload" has detail depth 4
    And the fragment "uko-ts:class/offloader.ScenarioOffloader" has detail depth 2
    And the fragment "uko-ts:class/base.Offloader" has detail depth 0

  Scenario: A query without a focus
    When I run "ep tools call builtin/request-context --json" with the JSON argument:
      """
      {"purpose": "Show byte counts", "query": "format bytes", "depth": "SIGNATURES"}
      """
    Then every fragment was selected by "query"
    And the first fragment is "uko-ts:function/report.formatBytes"
    And the fragment "uko-ts:function/report.formatBytes" shows "export const formatBytes = (bytes: number): string =>"

  Scenario: A budget too small for the full source falls back to less detail
    When I run "ep context request --purpose Review --focus uko-ts:class/ScenarioOffloader --depth FULL_SOURCE --breadth 0 --token-budget 30"
    Then the assembled context uses at most 30 tokens
    And the fragment "uko-ts:class/offloader.ScenarioOffloader" was selected by "focus+depth-fallback"

  Scenario: An ambiguous short name returns every match, each with its file
    Given the source file "src/legacy/scenario.ts" holds:
      """
      export class Scenario {}
      """
    When I run "ep context request --purpose Review --focus uko-ts:class/Scenario --depth MODULE_LISTING --breadth 0"
    Then the assembled nodes are "uko-ts:class/scenario.Scenario, uko-ts:class/legacy.scenario.Scenario"
    And the fragment "uko-ts:class/legacy.scenario.Scenario" is located at "warm:code:src/legacy/scenario.ts:1-1"

  Scenario: A file with a syntax error degrades to its module
    Given the source file "src/broken.ts" holds:
      """
      export function broken( {
      """
    When I run "ep context request --purpose Review --focus uko-ts:module/broken --depth MODULE_LISTING --breadth 0"
    Then the assembled nodes are "uko-ts:module/broken"
    And the fragment "uko-ts:module/broken" shows "not parsed"

  Scenario: A changed file is the only one parsed again
    When I run "ep code map"
    Then the envelope data "files.parsed" is "4"
    Given the source file "src/report.ts" holds:
      """
      export const formatBytes = (bytes: number): string => `${bytes} bytes`;
      """
    When I run "ep code map"
    Then the envelope data "files.parsed" is "1"
    And the envelope data "files.cached" is "3"
