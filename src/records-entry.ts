/**
 * `ep-runtime/records`: records, `.ep` packages and search in code, outside an Ep's grouped members. The
 * helpers take their services from a runtime (`{ runtime }`, or the default one); the implementations are
 * for building a ScenarioContext or a runtime of your own.
 */
export { ScenarioList, type ScenarioSearchOptions, type ScoredScenario } from './records/scenario-list.js';
export type { RecordList, DuplicatePolicy } from './records/record-list.js';
export type { Scenario, Codebook } from './records/scenario.js';
export type { JsonValue, JsonObject, JsonPrimitive } from './records/json.js';
export { DEFAULT_SEARCH_FIELDS } from './records/document-text.js';
export {
  ScenarioContext,
  type ScenarioContextOptions,
  type DuplicateHandling,
  type WriteOutcome,
  type PackOptions,
} from './context/package/scenario-context.js';
export type { PackResult } from './context/package/context-packer.js';

// With the runtime's services: the default runtime unless `{ runtime }` names one.
export { rankRecords, searchRecords, type RecordSearchOptions } from './api/search.js';
export {
  loadScenarioContext,
  updateScenarioContext,
  newScenarioContext,
  contextOptions,
  type ScenarioContextRuntimeOptions,
} from './api/scenario-context.js';

// The built-in implementations of the package store, search and packer contracts.
export { GitPackageStore, type GitPackageStoreOptions } from './storage/git-package-store.js';
export { Bm25SearchEngine } from './search/bm25/bm25-engine.js';
export { ElasticlunrSearchEngine, type ElasticlunrEngineOptions } from './search/elasticlunr/elasticlunr-engine.js';
export { LinePacker } from './context/package/line-packer.js';

// JSON with Python's number forms, as `.ep` packages store it.
export { pythonJsonDumps } from './storage/json/python-json-writer.js';
export { parseJsonPreservingNumbers } from './storage/json/record-json-parser.js';
export { stringifyJsonPreservingNumbers, type ExactJsonOptions } from './storage/json/exact-json-writer.js';
