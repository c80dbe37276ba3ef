import { ScenarioList } from '../../src/records/scenario-list.js';
import type { Scenario } from '../../src/records/scenario.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';

const WORDS = [
  'survey',
  'humanize',
  'navigation',
  'pricing',
  'conjoint',
  'pilot',
  'consent',
  'model',
  'cost',
  'study',
  'panel',
  'question',
  'randomization',
  'back',
  'button',
  'schema',
  'agent',
  'context',
  'budget',
  'preference',
];

/** Context-shaped records with varied words, so search does real work. */
export function benchRecords(count: number): Scenario[] {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[next() % WORDS.length]).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    key: `note.${i}`,
    kind: i % 3 ? 'note' : 'study_note',
    title: words(4),
    summary: words(16),
    tags: [WORDS[i % WORDS.length]!, 'bench'],
    created_at: '2026-07-17T10:00:00Z',
    weight: (i % 7) / 4,
  }));
}

export async function writeBenchPackage(file: string, count: number, storeRecordsUncompressed = false): Promise<void> {
  await new GitPackageStore({ maxEntries: 2_000_000, storeRecordsUncompressed }).save(file, new ScenarioList(benchRecords(count)), {
    message: `Bench ${count}`,
  });
}
