import { execa } from 'execa';
import path from 'node:path';
import type { Scenario } from '../../src/records/scenario.js';
import { REPO_ROOT } from './world.js';

/** The seed's default search fields, written out here rather than taken from the product. */
export const SEED_SEARCH_FIELDS = ['key', 'kind', 'title', 'summary', 'content', 'tags'];

export interface ReferenceMatch {
  readonly key: string;
  readonly context_path: string;
  readonly score: number;
}

/**
 * The ranking EDSL gives over the concatenation of the packages' records, computed by a Python script
 * written from the BM25 formula (features/support/bm25_reference.py): scores above zero, best first, ties
 * in concatenation order, the first `topK`.
 */
export async function referenceRanking(
  packages: readonly { shown: string; records: readonly Scenario[] }[],
  query: string,
  topK: number,
  fields: readonly string[] = SEED_SEARCH_FIELDS,
): Promise<ReferenceMatch[]> {
  const records = packages.flatMap((pkg) => pkg.records);
  const origins = packages.flatMap((pkg) => pkg.records.map(() => pkg.shown));
  const script = path.join(REPO_ROOT, 'features/support/bm25_reference.py');
  const { stdout } = await execa('python3', [script], { input: JSON.stringify({ records, fields, query }) });
  const scores = JSON.parse(stdout) as number[];
  return scores
    .map((score, index) => ({ key: String(records[index]!.key), context_path: origins[index]!, score, index }))
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, topK)
    .map(({ key, context_path, score }) => ({ key, context_path, score }));
}

/** Equal up to the last bits of a double: the two computations may add the same terms in another order. */
export function sameScore(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected));
}

/** A packed line as the seed shows it: `- [kind] key: summary`. */
export function seedLine(record: Scenario): string {
  return `- [${String(record.kind)}] ${String(record.key)}: ${String(record.summary)}`;
}
