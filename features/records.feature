Feature: Records: indexing, lookup and upsert on a ScenarioList
  A ScenarioList is an ordered list of records (JSON objects). It can be indexed by a field, searched for one
  or every record with a value, and updated by key without losing any other record or position.

  Background:
    Given the records:
      """
      [
        {"key": "study.pricing-pilot-2026-07", "kind": "study", "title": "Pricing pilot", "wave": 1},
        {"key": "preference.default_model", "kind": "user_preference", "title": "Default model"},
        {"key": "study.humanize-back-navigation", "kind": "study", "title": "Back navigation", "wave": 2}
      ]
      """

  Scenario: indexBy maps each value of a field to its record
    When I index the records by "key"
    Then the index has the keys "study.pricing-pilot-2026-07, preference.default_model, study.humanize-back-navigation"
    And the index maps "preference.default_model" to the record titled "Default model"

  Scenario: indexBy refuses a duplicate value and names it with both positions
    When I index the records by "kind"
    Then it fails with "DUPLICATE_KEY" saying "Duplicate kind \"study\" at positions 0 and 2"

  Scenario Outline: indexBy can let the first or the last duplicate win
    When I index the records by "kind" letting the <winner> duplicate win
    Then the index maps "study" to the record titled "<title>"
    And the index has the keys "study, user_preference"

    Examples:
      | winner | title           |
      | first  | Pricing pilot   |
      | last   | Back navigation |

  Scenario: lookup returns the first record with the value
    When I look up the record whose "kind" is "study"
    Then the record found is titled "Pricing pilot"

  Scenario: lookup compares JSON values, not their text
    When I look up the record whose "wave" is the JSON "2"
    Then the record found is titled "Back navigation"

  Scenario: lookup of a value no record has finds nothing
    When I look up the record whose "key" is "preference.missing"
    Then no record is found

  Scenario: lookupMany returns every record with the value, in list order
    When I look up every record whose "kind" is "study"
    Then the result is a ScenarioList with the keys "study.pricing-pilot-2026-07, study.humanize-back-navigation"

  Scenario: upsert replaces the record with the same key in its position and returns a new list
    When I upsert by "key" the record:
      """
      {"key": "preference.default_model", "kind": "user_preference", "title": "Default model: gpt-4o"}
      """
    Then the result titles are "Pricing pilot, Default model: gpt-4o, Back navigation"
    And the original list is unchanged and a new list was returned

  Scenario: upsert appends a record whose key is new
    When I upsert by "key" the record:
      """
      {"key": "decision.panel-size", "title": "Panel size"}
      """
    Then the result keys are "study.pricing-pilot-2026-07, preference.default_model, study.humanize-back-navigation, decision.panel-size"
    And the original list is unchanged and a new list was returned

  Scenario: upsert in place changes and returns the same list
    When I upsert in place by "key" the record:
      """
      {"key": "study.pricing-pilot-2026-07", "title": "Pricing pilot - second wave"}
      """
    Then the result titles are "Pricing pilot - second wave, Default model, Back navigation"
    And the original list itself was changed and returned

  Scenario: upsert needs the key field on the new record
    When I upsert by "key" the record:
      """
      {"title": "No key"}
      """
    Then it fails with "MISSING_KEY" saying "no key field"
