import { ScenarioList, type ScenarioSearchOptions, type ScoredScenario } from '../records/scenario-list.js';
import type { Scenario } from '../records/scenario.js';
import type { EpRuntime } from '../runtime/runtime.js';
import { SearchEngine } from '../search/search-engine.js';
import { runtimeOrDefault } from './default-runtime.js';

/** What a library search takes: ScenarioList's options, with the engine coming from the runtime. */
export interface RecordSearchOptions extends Omit<ScenarioSearchOptions, 'engine' | 'includeScores'> {
  /** The runtime whose `SearchEngine` ranks; the default runtime (BM25) when absent. */
  readonly runtime?: EpRuntime;
}

/** Ranks in-memory records with the runtime's search engine: scored matches, best first. */
export async function rankRecords(
  records: ScenarioList | Iterable<Scenario>,
  query: string,
  options: RecordSearchOptions = {},
): Promise<ScoredScenario[]> {
  const { runtime, ...search } = options;
  const engine = (await runtimeOrDefault(runtime)).get(SearchEngine);
  return listOf(records).search(query, { ...search, engine, includeScores: true });
}

/** The matching records as a ScenarioList (keeping the codebook), ranked with the runtime's search engine. */
export async function searchRecords(
  records: ScenarioList | Iterable<Scenario>,
  query: string,
  options: RecordSearchOptions = {},
): Promise<ScenarioList> {
  const { runtime, ...search } = options;
  const engine = (await runtimeOrDefault(runtime)).get(SearchEngine);
  return listOf(records).search(query, { ...search, engine });
}

function listOf(records: ScenarioList | Iterable<Scenario>): ScenarioList {
  return records instanceof ScenarioList ? records : new ScenarioList(records);
}
