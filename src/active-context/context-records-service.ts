import { EpError, ExitCode } from '../kernel/errors.js';
import type { ContextPackerContract } from '../context/context-packer.js';
import type { ScenarioContext, WriteOutcome } from '../context/scenario-context.js';
import type { ScoredScenario } from '../records/scenario-list.js';
import type { Scenario } from '../records/scenario.js';
import type { SearchEngineContract } from '../search/search-engine.js';
import type { PackageStoreContract } from '../storage/package-store-contract.js';
import type { TokenizerContract } from '../tokenizer/tokenizer.js';
import { ContextCorpus } from './context-corpus.js';
import type {
  ContextGetResult, ContextHistoryResult, ContextPackResult, ContextRecordsContract, ContextSearchResult, ContextWarning, ContextWriteResult,
  PackRequest, ReadTarget, SearchRequest, WithWarnings, WriteRequest,
} from './context-records-contract.js';
import { assertPackagePath, assertParentDirectory, displayPath } from './package-path.js';
import { PackageReadCache } from './package-read-cache.js';
import { recordToWrite } from './record-input.js';
import { resolveReadPaths, resolveWritePath } from './resolve-context-paths.js';

export interface ContextRecordsServices {
  readonly cwd: string;
  readonly store: PackageStoreContract;
  readonly engine: SearchEngineContract;
  readonly packer: ContextPackerContract;
  readonly tokenizer: TokenizerContract;
  /** Where read-only copies of package records are cached by content digest; no cache when absent. */
  readonly cacheDir?: string;
}

export const DEFAULT_TOP_K = 10;
export const DEFAULT_PACK_TOP_K = 8;
export const DEFAULT_CHAR_BUDGET = 3000;
const DEFAULT_SAVE_MESSAGE = 'Save ScenarioList';

/** The operations behind `ep context search|get|pack|add|upsert` and the context tools. */
export class ContextRecordsService implements ContextRecordsContract {
  readonly keyField = 'key';

  /** Package records for reads, through the digest-keyed cache. */
  readonly reader: PackageReadCache;

  constructor(private readonly services: ContextRecordsServices) {
    this.reader = new PackageReadCache(services.store, services.cacheDir);
  }

  /** The read packages, absolute and as shown, in order. */
  async readPaths(target: ReadTarget = {}): Promise<{ absolute: string; shown: string }[]> {
    const { cwd } = this.services;
    const paths = await resolveReadPaths(cwd, target.paths ?? []);
    return paths.map((absolute) => ({ absolute, shown: displayPath(cwd, absolute) }));
  }

  /** Loads the read packages (in order, concurrently) into one corpus, with the packages' own load warnings. */
  async corpus(target: ReadTarget = {}): Promise<{ corpus: ContextCorpus; shown: string[]; warnings: ContextWarning[] }> {
    const packages = await this.readPaths(target);
    const shown = packages.map((pkg) => pkg.shown);
    await Promise.all(packages.map((pkg) => assertPackagePath(pkg.absolute, pkg.shown)));
    const loaded = await Promise.all(packages.map((pkg) => this.reader.load(pkg.absolute)));
    const corpus = new ContextCorpus(loaded.map((pkg, i) => ({ shown: shown[i]!, records: pkg.records })), this.keyField);
    const loadWarnings = loaded.flatMap((pkg) => pkg.warnings.map((message) => ({ code: 'PACKAGE_WARNING', message })));
    return { corpus, shown, warnings: loadWarnings };
  }

  async search(request: SearchRequest): Promise<WithWarnings<ContextSearchResult>> {
    const topK = positiveInteger(request.topK, '--top-k') ?? DEFAULT_TOP_K;
    const { corpus, shown, warnings } = await this.corpus(request);
    const matches = corpus.search(this.services.engine, request.query, { topK, ...(request.fields?.length ? { fields: request.fields } : {}) });
    return {
      data: { context_path: shown[0]!, context_paths: shown, query: request.query, matches },
      warnings: [...warnings, ...corpus.warningsFor(matches.map((match) => String(match.scenario[this.keyField])))],
    };
  }

  async get(key: string, target: ReadTarget = {}): Promise<WithWarnings<ContextGetResult>> {
    const { corpus, shown, warnings } = await this.corpus(target);
    const found = corpus.get(key);
    if (!found) {
      throw new EpError('KEY_NOT_FOUND', `No context record has key "${key}" in ${shown.join(', ')}.`, {
        exitCode: ExitCode.notFound, details: { key, context_paths: shown },
        suggestion: 'Run `ep context search --query ...` to find the key.',
      });
    }
    return { data: { context_path: found.origin, key, scenario: found.record }, warnings: [...warnings, ...corpus.warningsFor([key])] };
  }

  async pack(request: PackRequest): Promise<WithWarnings<ContextPackResult>> {
    const topK = positiveInteger(request.topK, '--top-k') ?? DEFAULT_PACK_TOP_K;
    const tokenBudget = nonNegativeInteger(request.tokenBudget, '--token-budget');
    const charBudget = nonNegativeInteger(request.charBudget, '--char-budget')
      ?? (tokenBudget === undefined ? DEFAULT_CHAR_BUDGET : Number.POSITIVE_INFINITY);
    const { corpus, shown, warnings } = await this.corpus(request);
    const found = corpus.search(this.services.engine, request.query, { topK, ...(request.fields?.length ? { fields: request.fields } : {}) });
    const origin = new Map(found.map((match) => [String(match.scenario[this.keyField]), match.context_path]));
    const ranked: ScoredScenario[] = found.map(({ score, scenario }) => ({ score, scenario }));
    const render = (matches: readonly ScoredScenario[]) => this.services.packer.pack({ matches, charBudget, keyField: this.keyField });
    let packed = render(ranked);
    let tokenCount: number | undefined;
    if (tokenBudget !== undefined) {
      // Greedy in rank order: a match stays when the text with it still fits both budgets.
      const counter = await this.services.tokenizer.load();
      const kept: ScoredScenario[] = [];
      for (const match of ranked) {
        const trial = render([...kept, match]);
        if (trial.includedKeys.length === kept.length + 1 && counter.count(trial.promptContext) <= tokenBudget) kept.push(match);
      }
      packed = render(kept);
      tokenCount = counter.count(packed.promptContext);
    }
    const included = packed.includedKeys.map((key) => ({ key, context_path: origin.get(key) ?? shown[0]! }));
    return {
      data: {
        context_path: shown[0]!, context_paths: shown, query: request.query, prompt_context: packed.promptContext,
        included, omitted: ranked.length - packed.includedKeys.length, truncated: packed.truncated,
        ...(tokenCount === undefined ? {} : { token_count: tokenCount, tokenizer: this.services.tokenizer.name }),
      },
      warnings: [...warnings, ...corpus.warningsFor(packed.includedKeys)],
    };
  }

  add(request: WriteRequest): Promise<WithWarnings<ContextWriteResult>> {
    return this.write(request, (context, record) => context.add(record));
  }

  upsert(request: WriteRequest): Promise<WithWarnings<ContextWriteResult>> {
    return this.write(request, (context, record) => context.upsert(record));
  }

  async history(target: { path?: string } = {}): Promise<WithWarnings<ContextHistoryResult>> {
    const { cwd, store } = this.services;
    const absolute = await resolveWritePath(cwd, target.path);
    const shown = displayPath(cwd, absolute);
    await assertPackagePath(absolute, shown);
    const commits = (await store.log(absolute)).map(({ commit, message, timestamp }) => ({ commit, message, timestamp }));
    return { data: { context_path: shown, commits }, warnings: [] };
  }

  /** Validates first, then applies the change to the latest package content under its lock (one commit). */
  private async write(request: WriteRequest, change: (context: ScenarioContext, record: Scenario) => WriteOutcome): Promise<WithWarnings<ContextWriteResult>> {
    const record = recordToWrite(request.record, this.keyField, request.key);
    const { cwd, store } = this.services;
    const absolute = await resolveWritePath(cwd, request.path);
    const shown = displayPath(cwd, absolute);
    await assertPackagePath(absolute, shown);
    await assertParentDirectory(absolute, shown);
    // Loaded on first write only: reads served from the cache never load the package writer.
    const { ScenarioContext } = await import('../context/scenario-context.js');
    let outcome: WriteOutcome | undefined;
    const message = request.message ?? DEFAULT_SAVE_MESSAGE;
    const saved = await ScenarioContext.update(absolute, (context) => { outcome = change(context, record); }, { store, message, keyField: this.keyField });
    return {
      data: {
        context_path: shown, key: String(outcome!.record[this.keyField]), status: outcome!.status, save_status: saved.status,
        commit: saved.commit, message, scenario: outcome!.record,
      },
      warnings: [],
    };
  }
}

function positiveInteger(value: number | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) throw badNumber(option, value, 'a positive integer');
  return value;
}

function nonNegativeInteger(value: number | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0) throw badNumber(option, value, 'a non-negative integer');
  return value;
}

function badNumber(option: string, value: number, expected: string): EpError {
  return new EpError('USAGE_ERROR', `${option} must be ${expected}; got ${String(value)}.`, { exitCode: ExitCode.usage, details: { option } });
}
