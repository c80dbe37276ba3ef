Feature: ep context diff shows one record at two commits
  The history of a package lists its commits; the diff of a record between two of them names the fields
  that changed, with the record as it was at each.

  Scenario: An upserted record's diff against the commit before names the changed field
    Given the file "records.json" contains "[{\"key\": \"pilot\", \"kind\": \"plan\", \"summary\": \"200 respondents\"}]"
    When I run each of these commands, and each succeeds:
      """
      ep scenarios create --from-json records.json --output c.ep
      ep context upsert --path c.ep --json '{"key": "pilot", "kind": "plan", "summary": "400 respondents"}' --message 'Double the pilot'
      ep context diff --path c.ep --key pilot --from HEAD~1
      """
    Then the envelope data "status" is "changed"
    And the envelope data "before.summary" is "200 respondents"
    And the envelope data "after.summary" is "400 respondents"

  Scenario: A key neither commit holds is absent, not an error
    Given the file "records.json" contains "[{\"key\": \"pilot\", \"summary\": \"200 respondents\"}]"
    When I run each of these commands, and each succeeds:
      """
      ep scenarios create --from-json records.json --output c.ep
      ep context diff --path c.ep --key nowhere --from HEAD
      """
    Then the envelope data "status" is "absent"
    And the envelope data "fields" has 0 items
