import type { Scenario } from '../../src/records/scenario.js';

/** The seed's example records, plus a title-only note and an unrelated one, for search and pack scenarios. */
export const HUMANIZE_RECORDS: Scenario[] = [
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
    artifacts: { spec: 'GitHub issue 2533 describes the spec' },
    tags: ['humanize', 'navigation', 'spec'],
    status: 'proposed',
  },
  { key: 'note.navigation-title-only', kind: 'note', title: 'Navigation notes from the design review' },
  {
    key: 'constraint.consent',
    kind: 'constraint',
    content: 'Every human survey starts with a consent question that cannot be skipped or revisited.',
  },
];

/** Source of a plugin module that replaces the context packer with one that upper-cases the kind. */
export const UPPER_CASE_PACKER_PLUGIN = `export default function createPlugin() {
  return {
    id: 'acme/upper-packer', version: '1.0.0', engine: '>=0.1.0',
    provides: [Symbol.for('ep.ContextPacker')],
    register(registry) {
      registry.registerValue(Symbol.for('ep.ContextPacker'), {
        pack({ matches, keyField }) {
          const lines = matches.map(({ scenario }) => '- [' + String(scenario.kind).toUpperCase() + '] ' + scenario[keyField]);
          const includedKeys = matches.map(({ scenario }) => scenario[keyField]);
          return { promptContext: lines.join('\\n'), includedKeys, omitted: 0, truncated: false };
        },
      });
    },
  };
}
`;
