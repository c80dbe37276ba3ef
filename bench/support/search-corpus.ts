import { readFileSync } from 'node:fs';
import type { Scenario } from '../../src/records/scenario.js';

/** mulberry32: a small seeded PRNG, so every engine and every run sees the same corpus. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS = ['study', 'user_preference', 'study_note', 'decision', 'artifact', 'model_config', 'survey', 'finding'];
const TOPICS = [
  'pricing',
  'pilot',
  'humanize',
  'navigation',
  'survey',
  'panel',
  'respondent',
  'agent',
  'persona',
  'model',
  'prompt',
  'question',
  'schema',
  'budget',
  'retention',
  'onboarding',
  'checkout',
  'subscription',
  'churn',
  'conjoint',
  'segment',
  'brand',
  'awareness',
  'concept',
  'test',
  'message',
  'ad',
  'copy',
  'landing',
  'page',
  'feature',
  'roadmap',
  'interview',
  'diary',
  'usability',
  'accessibility',
  'mobile',
  'desktop',
  'latency',
  'quality',
  'sampling',
  'weighting',
  'quota',
  'screener',
  'incentive',
  'fraud',
  'attention',
  'check',
  'likert',
  'scale',
  'open',
  'ended',
  'coding',
  'sentiment',
  'theme',
  'cluster',
  'dashboard',
  'export',
  'report',
  'slide',
  'deck',
  'stakeholder',
  'launch',
  'market',
  'europe',
  'japan',
  'brazil',
  'students',
  'parents',
  'nurses',
  'developers',
  'gpt',
  'claude',
  'gemini',
  'temperature',
];
const FILLER = [
  'the',
  'a',
  'for',
  'with',
  'in',
  'on',
  'of',
  'to',
  'and',
  'uses',
  'prefers',
  'shows',
  'after',
  'before',
  'across',
  'users',
  'team',
  'results',
  'settings',
  'default',
  'new',
  'second',
  'wave',
  'back',
  'button',
  'behavior',
];
const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

/** Realistic short context records: dotted keys, kinds, titles, one-sentence summaries, tags. */
export function generateCorpus(size: number, seed = 20260701): Scenario[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const records: Scenario[] = [];
  for (let i = 0; i < size; i += 1) {
    const kind = pick(KINDS);
    const a = pick(TOPICS);
    const b = pick(TOPICS);
    const year = 2024 + Math.floor(random() * 3);
    const month = pick(MONTHS);
    const words: string[] = [];
    const length = 10 + Math.floor(random() * 12);
    for (let w = 0; w < length; w += 1) words.push(random() < 0.45 ? pick(FILLER) : pick(TOPICS));
    // A rare identifier per record grows the vocabulary with the corpus, as real ids and names do.
    words.push(`ref-${(i * 7919) % 100_003}`);
    const summary = `${words.join(' ')}.`;
    records.push({
      key: `${kind.split('_')[0]}.${a}-${b}-${year}-${month}`,
      kind,
      title: `${capitalise(a)} ${b} ${kind.replace('_', ' ')} ${year}`,
      summary: capitalise(summary),
      tags: [a, b, pick(TOPICS)].slice(0, 2 + Math.floor(random() * 2)),
    });
  }
  return records;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Ten queries of one to four terms drawn from the corpus vocabulary (and one unknown term). */
export const BENCH_QUERIES = [
  'humanize back navigation',
  'pricing pilot 2026',
  'study.pricing-pilot-2026-07',
  'survey respondent quota',
  'conjoint',
  'gpt temperature settings',
  'usability mobile checkout',
  'churn retention subscription europe',
  'nonexistentterm',
  'brand awareness ad copy',
];

/** Records from a JSON Lines file: one JSON object a line, blank lines skipped. */
export function readJsonLines(file: string): Scenario[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const value = JSON.parse(line) as unknown;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${file}:${index + 1} is not a JSON object`);
      return value as Scenario;
    });
}
