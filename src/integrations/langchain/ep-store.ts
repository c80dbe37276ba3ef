import {
  BaseStore,
  type GetOperation,
  type Item,
  type ListNamespacesOperation,
  type Operation,
  type OperationResults,
  type PutOperation,
  type SearchItem,
  type SearchOperation,
} from '@langchain/langgraph-checkpoint';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Ep, JsonObject, Scenario } from '../../index.js';
import { isItemRecord, itemRecord, matchesConditions, matchesFilter, namespacePrefix, recordItem, recordKey } from './store-records.js';

export interface EpStoreOptions {
  /** The `.ep` package that holds the items (relative to the runtime's `cwd`); created on the first write. */
  readonly path: string;
  /** The commit message of each batch that writes. */
  readonly message?: string;
}

/**
 * A LangGraph store (`graph.compile({ store })`) whose items are records of a git-backed `.ep` context package,
 * so an agent's long-term memory is versioned and EDSL reads it. An item `[ns..., key]` is the record keyed
 * `ns/.../key`; `search` ranks with the runtime's search engine (BM25 unless a plugin replaces it). A batch
 * that writes is one commit under the package's lock; its reads see the writes before them.
 */
export class EpStore extends BaseStore {
  private readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ep: Ep,
    private readonly options: EpStoreOptions,
  ) {
    super();
    this.file = path.resolve(ep.cwd, options.path);
  }

  batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    // One batch at a time in this process; the package's lock orders writers across processes.
    const run = this.queue.then(() => this.runBatch(operations));
    this.queue = run.catch(() => undefined);
    return run as Promise<OperationResults<Op>>;
  }

  private async runBatch(operations: readonly Operation[]): Promise<unknown[]> {
    if (!operations.some(isPut)) return this.apply(operations, await this.latest());
    let results: unknown[] = [];
    await this.ep.packages.update(
      this.file,
      (latest) => {
        const records = latest.toArray();
        results = this.apply(operations, records);
        return records;
      },
      { message: this.options.message ?? 'Update the LangGraph store' },
    );
    return results;
  }

  private async latest(): Promise<Scenario[]> {
    return existsSync(this.file) ? (await this.ep.packages.load(this.file)).list.toArray() : [];
  }

  /** Runs the operations in order over `records`, changing it in place for puts and deletes. */
  private apply(operations: readonly Operation[], records: Scenario[]): unknown[] {
    return operations.map((operation) => {
      if (isPut(operation)) return applyPut(operation, records);
      if ('namespacePrefix' in operation) return this.searchRecords(operation, records);
      if ('matchConditions' in operation || !('key' in operation)) return listNamespaces(operation, records);
      return get(operation, records);
    });
  }

  private searchRecords(operation: SearchOperation, records: readonly Scenario[]): SearchItem[] {
    const prefix = namespacePrefix(operation.namespacePrefix);
    const candidates = records.filter(
      (record) =>
        isItemRecord(record) &&
        typeof record.key === 'string' &&
        record.key.startsWith(prefix) &&
        matchesFilter(record['value'] as Record<string, unknown>, operation.filter as Record<string, unknown> | undefined),
    );
    const offset = operation.offset ?? 0;
    const limit = operation.limit ?? 10;
    if (!operation.query) return candidates.slice(offset, offset + limit).map(recordItem);
    return this.ep.search
      .records(candidates, operation.query, { fields: ['content'] })
      .slice(offset, offset + limit)
      .map(({ scenario, score }) => ({ ...recordItem(scenario), score }));
  }
}

function isPut(operation: Operation): operation is PutOperation {
  return 'value' in operation;
}

function applyPut(operation: PutOperation, records: Scenario[]): void {
  const key = recordKey(operation.namespace, operation.key);
  const at = records.findIndex((record) => record.key === key && isItemRecord(record));
  if (operation.value === null) {
    if (at >= 0) records.splice(at, 1);
    return;
  }
  const now = new Date().toISOString();
  const createdAt = at >= 0 ? (records[at]!['created_at'] as string) : now;
  const record = itemRecord(operation.namespace, operation.key, operation.value as JsonObject, operation.index, createdAt, now);
  if (at >= 0) records[at] = record;
  else records.push(record);
}

function get(operation: GetOperation, records: readonly Scenario[]): Item | null {
  const key = recordKey(operation.namespace, operation.key);
  const record = records.find((candidate) => candidate.key === key && isItemRecord(candidate));
  return record ? recordItem(record) : null;
}

function listNamespaces(operation: ListNamespacesOperation, records: readonly Scenario[]): string[][] {
  const seen = new Map<string, string[]>();
  for (const record of records) {
    if (!isItemRecord(record)) continue;
    const namespace = recordItem(record).namespace;
    if (!matchesConditions(namespace, operation.matchConditions)) continue;
    const shown = operation.maxDepth === undefined ? namespace : namespace.slice(0, operation.maxDepth);
    seen.set(JSON.stringify(shown), shown);
  }
  const sorted = [...seen.values()].sort((a, b) => a.join('\u0000').localeCompare(b.join('\u0000')));
  return sorted.slice(operation.offset, operation.offset + operation.limit);
}
