import { inject } from '../../kernel/di.js';
import { SearchEngine } from '../../search/search-engine.js';
import type { JsonSchema, Tool, ToolCapability } from '../tool.js';
import type { Scenario } from '../../records/scenario.js';
import { ScenarioList, type ScoredScenario } from '../../records/scenario-list.js';

export interface SearchRecordsInput {
  readonly records: Scenario[];
  readonly query: string;
  readonly fields?: string[];
  readonly topK?: number;
}

export interface SearchRecordsOutput {
  /** The engine that ranked the records (`bm25`, `elasticlunr`, ...), so callers see which one is active. */
  readonly engine: string;
  readonly matches: ScoredScenario[];
}

/**
 * `builtin/search-records`: ranks the records given in the input with the runtime's search engine. A class
 * so its one dependency reads off the constructor; the kernel constructs it from the `@inject` token.
 */
export class SearchRecordsTool implements Tool {
  readonly name = 'builtin/search-records';
  readonly description = 'Search a JSON array of records with the configured search engine; returns scored matches.';
  readonly inputSchema: JsonSchema = {
    type: 'object',
    properties: {
      records: { type: 'array', items: { type: 'object' }, description: 'The records to search' },
      query: { type: 'string', description: 'Free-text query' },
      fields: {
        type: 'array',
        items: { type: 'string' },
        description: 'Fields (dotted paths allowed); key, kind, title, summary, content, tags by default',
      },
      topK: { type: 'integer', minimum: 0, description: 'At most this many matches' },
    },
    required: ['records', 'query'],
    additionalProperties: false,
  };
  readonly outputSchema: JsonSchema = {
    type: 'object',
    properties: {
      engine: { type: 'string' },
      matches: { type: 'array', items: { type: 'object', properties: { score: { type: 'number' }, scenario: { type: 'object' } } } },
    },
  };
  readonly capabilities: readonly ToolCapability[] = ['read_only', 'idempotent'];

  constructor(@inject(SearchEngine) private readonly engine: SearchEngine) {}

  call(input: SearchRecordsInput): SearchRecordsOutput {
    const matches = new ScenarioList(input.records).search(input.query, {
      includeScores: true,
      engine: this.engine,
      ...(input.fields ? { fields: input.fields } : {}),
      ...(input.topK === undefined ? {} : { topK: input.topK }),
    });
    return { engine: this.engine.name, matches };
  }
}
