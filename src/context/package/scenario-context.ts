import { EpError, ExitCode } from '../../kernel/errors.js';
import { DEFAULT_SEARCH_FIELDS } from '../../records/document-text.js';
import { ScenarioList, type ScoredScenario } from '../../records/scenario-list.js';
import { assertScenario, type Scenario } from '../../records/scenario.js';
import { assertReadable } from '../../records/unreadable-record.js';
import type { SearchEngine } from '../../search/search-engine.js';
import { withMember } from '../../storage/json/number-marks.js';
import type { PackageStore, SaveOptions, SaveResult } from '../../storage/package-store-contract.js';
import type { ContextPacker, PackResult } from './context-packer.js';
import { sameRecord, stampRecord, timestamp } from './record-stamps.js';

export interface ScenarioContextOptions {
  /** The field holding each record's key; `key` by default. */
  readonly keyField?: string;
  readonly defaultSearchFields?: readonly string[];
  /*
   * The services come from a runtime (`contextOptions(runtime)`, or loadScenarioContext and friends in the
   * library API), never built here, so configured plugins are the ones used. Each is needed only by the
   * operations that use it; one that is missing then is CONTEXT_SERVICES_REQUIRED naming it.
   */
  /** Where load and save go: the runtime's `PackageStore`. */
  readonly store?: PackageStore;
  /** Renders `pack`: the runtime's `ContextPacker`. */
  readonly packer?: ContextPacker;
  /** Ranks `search`: the runtime's `SearchEngine`. */
  readonly engine?: SearchEngine;
  /** The clock for `created_at` / `updated_at`. */
  readonly now?: () => Date;
}

export type DuplicateHandling = 'error' | 'skip' | 'replace';

export interface WriteOutcome {
  /** `unchanged`: an upsert of a record identical to the stored one, which is kept as it is. */
  readonly status: 'added' | 'skipped' | 'replaced' | 'inserted' | 'updated' | 'unchanged';
  readonly record: Scenario;
}

export interface PackOptions {
  readonly query: string;
  readonly topK?: number;
  readonly charBudget?: number;
  readonly fields?: readonly string[];
}

/**
 * A ScenarioList used as durable working context: keyed records, upsert, always-scored search and prompt
 * packing. It wraps a list rather than extending it, so ScenarioList stays a generic collection.
 */
export class ScenarioContext {
  /** The path this context was loaded from or last saved to; `save()` without a path uses it. */
  path: string | undefined;
  private list: ScenarioList;
  readonly keyField: string;
  private readonly options: ScenarioContextOptions;
  /** The package this context's records came from (at HEAD), when it was loaded. */
  private loadedFrom: string | undefined;
  /**
   * Writes since the load, replayed on the latest commit when saving back to the same package, so two
   * agents that loaded the same package and each saved keep both their changes.
   */
  private pending: Array<(context: ScenarioContext) => void> = [];

  constructor(scenarios: ScenarioList = new ScenarioList(), options: ScenarioContextOptions = {}) {
    this.list = scenarios;
    this.options = options;
    this.keyField = options.keyField ?? 'key';
  }

  static async load(path: string, options: ScenarioContextOptions & { ref?: string } = {}): Promise<ScenarioContext> {
    const loaded = await requireService(options, 'store', 'load a package').load(
      path,
      options.ref === undefined ? {} : { ref: options.ref },
    );
    const context = new ScenarioContext(ScenarioList.from(loaded.list), options);
    context.path = path;
    if (options.ref === undefined || options.ref === 'HEAD') context.loadedFrom = path;
    return context;
  }

  /**
   * Applies `change` to the latest content of the package under its lock and commits it, so concurrent
   * writers never overwrite each other. Prefer this to load → modify → save when others may write.
   */
  static async update(
    path: string,
    change: (context: ScenarioContext) => void | Promise<void>,
    options: ScenarioContextOptions & SaveOptions = {},
  ): Promise<SaveResult & { context: ScenarioContext }> {
    let context: ScenarioContext | undefined;
    const { list: _list, ...result } = await requireService(options, 'store', 'update a package').update(
      path,
      async (latest) => {
        context = new ScenarioContext(ScenarioList.from(latest), options);
        await change(context);
        return context.list;
      },
      {
        ...(options.message === undefined ? {} : { message: options.message }),
        ...(options.onSaved === undefined ? {} : { onSaved: options.onSaved }),
      },
    );
    context!.path = path;
    context!.loadedFrom = path;
    context!.pending = [];
    return { ...result, context: context! };
  }

  static fromScenarioList(list: ScenarioList, options: ScenarioContextOptions = {}): ScenarioContext {
    return new ScenarioContext(list, options);
  }

  async save(path?: string, options: { message?: string } = {}): Promise<SaveResult> {
    const target = path ?? this.path;
    if (!target) {
      throw new EpError('CONTEXT_PATH_REQUIRED', 'This context was not loaded from a package; pass a path to save it.', {
        exitCode: ExitCode.usage,
        suggestion: 'Call save("research_context.ep").',
      });
    }
    const message = options.message === undefined ? {} : { message: options.message };
    const store = requireService(this.options, 'store', 'save');
    let result: SaveResult;
    if (this.loadedFrom === target) {
      // Saving back where it came from: apply this context's writes on top of the latest commit.
      const pending = this.pending;
      const { list, ...saved } = await store.update(
        target,
        (latest) => {
          const replay = new ScenarioContext(ScenarioList.from(latest), this.options);
          for (const write of pending) write(replay);
          return replay.list;
        },
        message,
      );
      this.list = ScenarioList.from(list);
      result = saved;
    } else {
      result = await store.save(target, this.list, message);
    }
    this.pending = [];
    this.path = target;
    this.loadedFrom = target;
    return result;
  }

  toScenarioList(): ScenarioList {
    return new ScenarioList(this.list, this.list.codebook);
  }

  get length(): number {
    return this.list.length;
  }

  /**
   * The record with `key`; `options.default` when absent, or a KEY_NOT_FOUND error when no default is given.
   * A stored record that cannot be read (nested past the depth limit) gives LIMIT_EXCEEDED.
   */
  get(key: string, options?: { default: Scenario | null | undefined }): Scenario | null | undefined {
    requireKey(key, this.keyField);
    const record = this.list.lookup(this.keyField, key);
    if (record) return assertReadable(record);
    if (options && 'default' in options) return options.default;
    throw new EpError('KEY_NOT_FOUND', `No context record has ${this.keyField} "${key}".`, {
      exitCode: ExitCode.notFound,
      details: { key },
    });
  }

  /** Appends a record. An existing key is an error by default; `skip` keeps the old one, `replace` the new one. */
  add(record: Scenario, options: { duplicates?: DuplicateHandling } = {}): WriteOutcome {
    const at = this.clock();
    const outcome = this.addAt(record, options.duplicates ?? 'error', at);
    this.pending.push((context) => context.addAt(record, options.duplicates ?? 'error', at));
    return outcome;
  }

  private addAt(record: Scenario, policy: DuplicateHandling, at: string): WriteOutcome {
    const key = requireKey(assertScenario(record, 'A context record')[this.keyField], this.keyField);
    const existing = this.list.lookup(this.keyField, key);
    if (existing) {
      if (policy === 'skip') return { status: 'skipped', record: existing };
      if (policy === 'error') {
        throw new EpError('DUPLICATE_KEY', `A context record with ${this.keyField} "${key}" already exists.`, {
          exitCode: ExitCode.validation,
          details: { key },
          suggestion: 'Use upsert, or add with duplicates: "skip" or "replace".',
        });
      }
      const stored = stampRecord(record, existing, at);
      this.list = this.list.upsert(this.keyField, stored);
      return { status: 'replaced', record: stored };
    }
    const stored = stampRecord(record, undefined, at);
    this.list = this.list.concat(new ScenarioList([stored]));
    return { status: 'added', record: stored };
  }

  /**
   * Replaces the record with the same key (keeping its position and `created_at`), or appends it. A record
   * identical to the stored one (timestamps it does not give aside) changes nothing, not even `updated_at`,
   * so upserting the same record again makes no commit.
   */
  upsert(record: Scenario): WriteOutcome;
  upsert(key: string, fields: Scenario): WriteOutcome;
  upsert(recordOrKey: Scenario | string, fields?: Scenario): WriteOutcome {
    const record =
      typeof recordOrKey === 'string'
        ? withMember(assertScenario(fields ?? {}, 'The fields to upsert'), this.keyField, recordOrKey)
        : assertScenario(recordOrKey, 'A context record');
    requireKey(record[this.keyField], this.keyField);
    const at = this.clock();
    this.pending.push((context) => context.upsertAt(record, at));
    return this.upsertAt(record, at);
  }

  private upsertAt(record: Scenario, at: string): WriteOutcome {
    const existing = this.list.lookup(this.keyField, record[this.keyField]!);
    if (existing && sameRecord(record, existing)) return { status: 'unchanged', record: existing };
    const stored = stampRecord(record, existing, at);
    this.list = this.list.upsert(this.keyField, stored);
    return { status: existing ? 'updated' : 'inserted', record: stored };
  }

  /** Ranked matches, always with scores. */
  search(query: string, options: { fields?: readonly string[]; topK?: number } = {}): ScoredScenario[] {
    const fields = options.fields ?? this.options.defaultSearchFields ?? DEFAULT_SEARCH_FIELDS;
    return this.list.search(query, {
      fields,
      includeScores: true,
      ...(options.topK === undefined ? {} : { topK: options.topK }),
      engine: requireService(this.options, 'engine', 'search'),
    });
  }

  /** Prompt-ready lines for the best matches, within `charBudget` characters (3000 by default). */
  pack(options: PackOptions): PackResult & { query: string } {
    const packer = requireService(this.options, 'packer', 'pack');
    const matches = this.search(options.query, { topK: options.topK ?? 8, ...(options.fields ? { fields: options.fields } : {}) });
    return { query: options.query, ...packer.pack({ matches, charBudget: options.charBudget ?? 3000, keyField: this.keyField }) };
  }

  private clock(): string {
    return timestamp((this.options.now ?? (() => new Date()))());
  }
}

const SERVICE_TOKENS = { store: 'ep.PackageStore', engine: 'ep.SearchEngine', packer: 'ep.ContextPacker' } as const;

/** The service `field` of the options; no fallback, since one built here would bypass the configured plugin. */
function requireService<F extends keyof typeof SERVICE_TOKENS>(
  options: ScenarioContextOptions,
  field: F,
  what: string,
): NonNullable<ScenarioContextOptions[F]> {
  const service = options[field];
  if (service) return service;
  throw new EpError('CONTEXT_SERVICES_REQUIRED', `ScenarioContext needs a ${field} (the runtime's ${SERVICE_TOKENS[field]}) to ${what}.`, {
    exitCode: ExitCode.usage,
    details: { field, missing: [field] },
    suggestion: 'Use loadScenarioContext / updateScenarioContext / newScenarioContext, or pass contextOptions(runtime).',
  });
}

function requireKey(value: unknown, keyField: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new EpError(
      'INVALID_CONTEXT_KEY',
      `A context record needs a non-empty string "${keyField}"; got ${value === undefined ? 'none' : JSON.stringify(value)}.`,
      {
        exitCode: ExitCode.validation,
        details: { keyField, value: value === undefined ? null : value },
      },
    );
  }
  return value;
}
