/** The embedded sample context `ep demo` starts from: what a research agent might have learned so far. */
export const DEMO_RECORDS = [
  {
    key: 'preference.humanize.navigation',
    kind: 'user_preference',
    summary: 'User prefers Back settings in humanize_schema with question-level boundaries.',
    value: { survey_level: 'back_button', question_level: 'allow_back_past' },
    tags: ['humanize', 'navigation', 'survey_ui'],
    source: 'conversation',
  },
  {
    key: 'study.humanize-back-navigation-spec',
    kind: 'study_note',
    title: 'Back navigation for human surveys',
    summary: 'Spec for supporting Back button behavior through humanize_schema.',
    uri: 'https://github.com/expectedparrot/edsl/issues/2533',
    artifacts: { spec: '.codex/human-survey-back-navigation-spec.md' },
    tags: ['humanize', 'navigation', 'spec'],
    status: 'proposed',
  },
  {
    key: 'preference.default_pilot_model',
    kind: 'user_preference',
    summary: 'User prefers lower-cost models for pilot studies unless quality risk is high.',
    tags: ['models', 'cost', 'pilot'],
  },
  {
    key: 'constraint.consent.first-page',
    kind: 'constraint',
    summary: 'Every human survey shows the consent text on its first page, before any question.',
    tags: ['consent', 'survey_ui'],
  },
  {
    key: 'pattern.conjoint-pricing',
    kind: 'study_pattern',
    title: 'Conjoint pricing pilot',
    summary: 'Run a 50-respondent conjoint pilot on price and bundle before the full pricing study.',
    tags: ['conjoint', 'pricing', 'pilot'],
  },
  {
    key: 'question.randomization-blocks',
    kind: 'open_question',
    summary: 'Should randomization blocks survive Back navigation, or reshuffle on return?',
    tags: ['randomization', 'navigation'],
  },
];
