Feature: Packing context into a prompt
  pack renders the best matches as "- [kind] key: summary" lines, in rank order, within a character budget.

  Background:
    Given a context with the humanize navigation records

  Scenario: Lines in rank order with kind, key and summary
    When I pack the context for "humanize back navigation" with a budget of 3000
    Then the packed text is:
      """
      - [study_note] study.humanize-back-navigation-spec: Spec for supporting Back button behavior through humanize_schema.
      - [user_preference] preference.humanize.navigation: User prefers Back settings in humanize_schema with question-level boundaries.
      - [note] note.navigation-title-only: Navigation notes from the design review
      """
    And the pack reports 3 included keys and 0 omitted

  Scenario: A record that does not fit is skipped, never cut
    When I pack the context for "humanize back navigation" with a budget of 200
    Then the packed text is at most 200 characters
    And the pack includes "study.humanize-back-navigation-spec" and "note.navigation-title-only" and omits 1

  Scenario: The only match is truncated with a visible marker
    When I pack the context for "consent" with a budget of 40
    Then the packed text is at most 40 characters and ends with " [...]"
    And the pack reports 1 included keys and 0 omitted

  Scenario: The budget never changes the search results
    When I pack the context for "humanize back navigation" with a budget of 60
    Then the search for "humanize back navigation" returns the same ranking as with no budget

  Scenario: Packing is a replaceable plugin
    Given a project whose ep config replaces the context packer with an upper-case packer
    When I pack through the runtime for "humanize back navigation" with a budget of 3000
    Then the packed text starts with "- [STUDY_NOTE] study.humanize-back-navigation-spec"
