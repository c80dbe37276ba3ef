/**
 * One engine at one corpus size, in its own process so peak memory is that engine's alone. Prints one JSON
 * line: build + 10 queries (ms), median single query once built (ms), peak RSS and heap growth (MB).
 * Usage: node --expose-gc search-run.js <bm25|elasticlunr|minisearch> <size> [corpus.jsonl]
 */
import MiniSearch from 'minisearch';
import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../../src/records/document-text.js';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';
import { ElasticlunrSearchEngine } from '../../src/search/elasticlunr/elasticlunr-engine.js';
import type { SearchEngine, SearchIndex } from '../../src/search/search-engine.js';
import { tokenize } from '../../src/search/tokenize.js';
import { BENCH_QUERIES, generateCorpus, readJsonLines } from './search-corpus.js';
import { median } from './measure.js';

const [engineName, sizeArg, corpusFile] = process.argv.slice(2);
const size = Number(sizeArg);
const records = corpusFile ? readJsonLines(corpusFile).slice(0, size) : generateCorpus(size);
const fields = [...DEFAULT_SEARCH_FIELDS];

/** Every engine starts from the records: document text extraction is part of the build. */
function build(): SearchIndex {
  const documents = searchDocuments(records, undefined);
  if (engineName === 'minisearch') return miniSearchIndex(documents.map((document, id) => ({ id, ...document })));
  const engine: SearchEngine = engineName === 'elasticlunr' ? new ElasticlunrSearchEngine() : new Bm25SearchEngine();
  return engine.buildIndex(documents, { fields });
}

/** minisearch with the same tokenizer (terms already lowercased), default BM25+ scoring, OR queries. */
function miniSearchIndex(documents: Array<Record<string, string | number>>): SearchIndex {
  const mini = new MiniSearch({ fields, idField: 'id', tokenize, processTerm: (term) => term });
  mini.addAll(documents);
  return {
    size: documents.length,
    search: (query, options = {}) =>
      mini
        .search(query)
        .slice(0, options.topK ?? Infinity)
        .map((hit) => ({ index: hit.id as number, score: hit.score })),
  };
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
gc();
const baseline = process.memoryUsage();
const start = process.hrtime.bigint();
const index = build();
let hits = 0;
for (const query of BENCH_QUERIES) hits += index.search(query, { topK: 10 }).length;
const buildAndQueries = Number(process.hrtime.bigint() - start) / 1e6;
const heapAfterBuild = process.memoryUsage().heapUsed;

const times: number[] = [];
for (let round = 0; round < 5; round += 1) {
  for (const query of BENCH_QUERIES) {
    const t = process.hrtime.bigint();
    index.search(query, { topK: 10 });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
}
const mb = (bytes: number) => bytes / 1024 / 1024;
console.log(
  JSON.stringify({
    engine: engineName,
    size: records.length,
    buildAndQueriesMs: buildAndQueries,
    medianQueryMs: median(times),
    hits,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    baselineRssMb: mb(baseline.rss),
    heapGrowthMb: mb(heapAfterBuild - baseline.heapUsed),
  }),
);
