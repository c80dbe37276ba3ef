import { ContextBudget, ContextPipeline, ContextRequest, ContextTierService, type ContextRecord } from '../src/context/assembly/index.js';
import { Bm25SearchEngine } from '../src/search/bm25/bm25-engine.js';
import { BpeTokenizer } from '../src/tokenizer/bpe-tokenizer.js';
import { row, timeFunction } from './support/measure.js';

/**
 * requestContext over 100,000 candidate records with an 8,000-token budget. Target: < 200 ms per request
 * once the stores are loaded. Reference, same run: one BM25 search of the same query over the same index
 * (the part of the work no pipeline can skip).
 */
const size = Number(process.env.BENCH_CRP_RECORDS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const WORDS = (
  'auth token session login invoice payment refund cache index query schema record package revision ' +
  'history budget context module class function signature outline source parser render storage network retry'
).split(' ');

let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
const records: ContextRecord[] = Array.from({ length: size }, (_, i) => ({
  key: `pkg${i % 200}/node${i}`,
  summary: words(6),
  content: words(40),
  uses: [`pkg${(i + 1) % 200}/node${(i + 7) % size}`, `pkg${(i + 3) % 200}/node${(i * 31 + 3) % size}`],
}));
const half = size / 2;
const tokenizer = new BpeTokenizer();
const tiers = new ContextTierService({
  sources: [
    { id: 'bench/package', tier: 'warm', load: () => records.slice(0, half) },
    { id: 'bench/history', tier: 'cold', load: () => records.slice(half) },
  ],
  searchEngine: new Bm25SearchEngine(),
  tokenizer,
  budget: new ContextBudget(9000, 1000),
});
const pipeline = new ContextPipeline(tiers, tokenizer);

const loadStart = process.hrtime.bigint();
await tiers.load();
tiers.index();
tiers.neighbours(tiers.entries()[0]!);
const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;

const requests: [string, ContextRequest][] = [
  ['all 100k in scope, ranked by purpose', new ContextRequest({ purpose: 'session token refresh', temporal: 'all' })],
  ['query filter over 100k', new ContextRequest({ purpose: 'fix retries', query: 'network retry cache', temporal: 'all' })],
  ['focus + breadth 2 over references', new ContextRequest({ purpose: 'work on node 10', focus: ['pkg10/node10'], temporal: 'all' })],
];
const index = tiers.index();
const reference = await timeFunction(() => index.search('session token refresh'), runs);
console.log('# requestContext over %d records, 8,000-token budget (median of %d; ratio to one BM25 search)', size, runs);
console.log(row('load: sources, BM25 index, reference graph (once)', loadMs));
console.log(row('BM25 search, same query (reference)', reference));
for (const [label, request] of requests) {
  const coldStart = process.hrtime.bigint();
  const first = await pipeline.requestContext(request);
  const coldMs = Number(process.hrtime.bigint() - coldStart) / 1e6;
  const warm = await timeFunction(() => pipeline.requestContext(request), runs, 1);
  console.log(row(`${label}: first request`, coldMs, reference));
  console.log(row(`${label}: repeated`, warm, reference));
  console.log(`  ${first.fragments.length} fragments, ${first.totalTokens} tokens, budget used ${(first.budgetUsed * 100).toFixed(1)}%`);
}
