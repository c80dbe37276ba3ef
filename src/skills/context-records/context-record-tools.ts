import type { Tool } from '../tool.js';
import type { ContextRecords, WithWarnings } from '../../context/active/context-records-contract.js';

const paths = {
  type: 'array',
  items: { type: 'string', minLength: 1 },
  description: 'Packages to read instead of the active ones, in order.',
} as const;
const fields = {
  type: 'array',
  items: { type: 'string', minLength: 1 },
  description: 'Fields to search (default key, kind, title, summary, content, tags).',
} as const;
const topK = { type: 'integer', minimum: 1, maximum: 1000 } as const;
const record = { type: 'object', description: 'The context record: a JSON object with a string "key".' } as const;
const message = { type: 'string', minLength: 1, description: 'The commit message.' } as const;
const writePath = { type: 'string', minLength: 1, description: 'The package to write instead of the default write context.' } as const;

const READS = ['read_only', 'idempotent'] as const;

/** Tool output: the command's data with its warnings beside it, so a model sees both. */
function flatten<T extends object>(result: WithWarnings<T>): T & { warnings: WithWarnings<T>['warnings'] } {
  return { ...result.data, warnings: result.warnings };
}

/** The context tools: read-only search, get and pack; writing upsert and add. All wrap the `ContextRecords` service. */
export function contextRecordTools(records: () => ContextRecords): Tool[] {
  return [
    {
      name: 'builtin/context-search',
      description: 'Rank records of the active context packages (one corpus) by BM25; each match says which package it came from.',
      capabilities: READS,
      inputSchema: {
        type: 'object',
        required: ['query'],
        additionalProperties: false,
        properties: { query: { type: 'string', minLength: 1 }, fields, top_k: topK, paths },
      },
      async call(input: { query: string; fields?: string[]; top_k?: number; paths?: string[] }) {
        return flatten(
          await records().search({
            query: input.query,
            ...opt('fields', input.fields),
            ...opt('topK', input.top_k),
            ...opt('paths', input.paths),
          }),
        );
      },
    },
    {
      name: 'builtin/context-get',
      description: 'The record with a key from the active context packages (the first package holding it wins).',
      capabilities: READS,
      inputSchema: {
        type: 'object',
        required: ['key'],
        additionalProperties: false,
        properties: { key: { type: 'string', minLength: 1 }, paths },
      },
      async call(input: { key: string; paths?: string[] }) {
        return flatten(await records().get(input.key, opt('paths', input.paths)));
      },
    },
    {
      name: 'builtin/context-pack',
      description: 'Prompt-ready lines ("- [kind] key: summary") for the best matches, within a character and/or exact token budget.',
      capabilities: READS,
      inputSchema: {
        type: 'object',
        required: ['query'],
        additionalProperties: false,
        properties: {
          query: { type: 'string', minLength: 1 },
          fields,
          top_k: topK,
          paths,
          char_budget: { type: 'integer', minimum: 0 },
          token_budget: { type: 'integer', minimum: 0 },
        },
      },
      async call(input: {
        query: string;
        fields?: string[];
        top_k?: number;
        char_budget?: number;
        token_budget?: number;
        paths?: string[];
      }) {
        return flatten(
          await records().pack({
            query: input.query,
            ...opt('fields', input.fields),
            ...opt('topK', input.top_k),
            ...opt('charBudget', input.char_budget),
            ...opt('tokenBudget', input.token_budget),
            ...opt('paths', input.paths),
          }),
        );
      },
    },
    {
      name: 'builtin/context-history',
      description: 'The commits of the write context (or path), newest first, with their messages.',
      capabilities: READS,
      inputSchema: {
        type: 'object',
        additionalProperties: false,
        properties: { path: { type: 'string', minLength: 1, description: 'The package instead of the default write context.' } },
      },
      async call(input: { path?: string }) {
        return flatten(await records().history(opt('path', input.path)));
      },
    },
    {
      name: 'builtin/context-upsert',
      description: 'Replace the record with the same key in the write context, or append it; one commit with the message.',
      capabilities: ['writes', 'idempotent'],
      inputSchema: {
        type: 'object',
        required: ['record'],
        additionalProperties: false,
        properties: { record, key: { type: 'string', minLength: 1 }, message, path: writePath },
      },
      async call(input: { record: unknown; key?: string; message?: string; path?: string }) {
        return flatten(
          await records().upsert({
            record: input.record,
            ...opt('key', input.key),
            ...opt('message', input.message),
            ...opt('path', input.path),
          }),
        );
      },
    },
    {
      name: 'builtin/context-add',
      description: 'Append a new record to the write context; a key that already exists is an error (DUPLICATE_KEY).',
      capabilities: ['writes'],
      inputSchema: { type: 'object', required: ['record'], additionalProperties: false, properties: { record, message, path: writePath } },
      async call(input: { record: unknown; message?: string; path?: string }) {
        return flatten(await records().add({ record: input.record, ...opt('message', input.message), ...opt('path', input.path) }));
      },
    },
  ];
}

function opt<K extends string, V>(name: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [name]: value }) as { [P in K]?: V };
}
