import { EpError, ExitCode } from '../../kernel/errors.js';
import type { ContextPacker } from '../package/context-packer.js';
import type { ScenarioContext, WriteOutcome } from '../package/scenario-context.js';
import type { ScoredScenario } from '../../records/scenario-list.js';
import type { Scenario } from '../../records/scenario.js';
import { IndexDamaged, type SearchEngine } from '../../search/search-engine.js';
import { DEFAULT_SAVE_MESSAGE, type PackageStore } from '../../storage/package-store-contract.js';
import type { Tokenizer } from '../../tokenizer/tokenizer.js';
import { ContextCorpus } from './context-corpus.js';
import type {
  ContextGetResult,
  ContextHistoryResult,
  ContextPackResult,
  ContextRecords,
  ContextSearchResult,
  ContextWarning,
  ContextWriteResult,
  ContextPackRequest,
  ContextReadTarget,
  ContextSearchRequest,
  WithWarnings,
  ContextWriteRequest,
} from './context-records-contract.js';
import { assertPackagePath, assertParentDirectory, displayPath } from './package-path.js';
import { PackageReadCache } from './package-read-cache.js';
import { SidecarInvalid } from './sidecar/sidecar-decode.js';
import { nonNegativeInteger, positiveInteger } from './request-numbers.js';
import { recordToWrite } from './record-input.js';
import { renderedPositions } from './rendered-positions.js';
import { resolveReadPaths, resolveWritePath } from './resolve-context-paths.js';
import { keyText } from '../../records/record-key.js';

export interface ContextRecordsServices {
  readonly cwd: string;
  readonly store: PackageStore;
  readonly engine: SearchEngine;
  readonly packer: ContextPacker;
  readonly tokenizer: Tokenizer;
  /** Where read-only copies of package records are cached by content digest; no cache when absent. */
  readonly cacheDir?: string;
}

export const DEFAULT_TOP_K = 10;
export const DEFAULT_PACK_TOP_K = 8;
export const DEFAULT_CHAR_BUDGET = 3000;

/** The operations behind `ep context search|get|pack|add|upsert` and the context tools. */
export class ContextRecordsService implements ContextRecords {
  readonly keyField = 'key';

  /** Package records for reads, through the digest-keyed cache. */
  readonly reader: PackageReadCache;

  constructor(private readonly services: ContextRecordsServices) {
    this.reader = new PackageReadCache(services.store, services.cacheDir, services.engine.persistedIndex);
  }

  /** The read packages, absolute and as shown, in order. */
  async readPaths(target: ContextReadTarget = {}): Promise<{ absolute: string; shown: string }[]> {
    const { cwd } = this.services;
    const paths = await resolveReadPaths(cwd, target.paths ?? []);
    return paths.map((absolute) => ({ absolute, shown: displayPath(cwd, absolute) }));
  }

  /** Loads the read packages (in order, concurrently) into one corpus, with the packages' own load warnings. */
  async corpus(
    target: ContextReadTarget = {},
    options: { fromPackage?: boolean; search?: boolean } = {},
  ): Promise<{ corpus: ContextCorpus; shown: string[]; warnings: ContextWarning[] }> {
    const packages = await this.readPaths(target);
    const shown = packages.map((pkg) => pkg.shown);
    await Promise.all(packages.map((pkg) => assertPackagePath(pkg.absolute, pkg.shown)));
    const loaded = await Promise.all(packages.map((pkg) => this.reader.source(pkg.absolute, options)));
    const corpus = new ContextCorpus(
      loaded.map((pkg, i) => ({ shown: shown[i]!, source: pkg.source })),
      this.keyField,
    );
    const loadWarnings = loaded.flatMap((pkg) => pkg.warnings.map((message) => ({ code: 'PACKAGE_WARNING', message })));
    return { corpus, shown, warnings: loadWarnings };
  }

  /**
   * `read` over the corpus of `target`. A sidecar is checked as it is read, so one can turn out unsound
   * midway (a block that fails its checksum, a record text that does not parse, a term's postings that fail
   * their checks when a query first reads them): the sidecars are then
   * dropped and `read` runs again on sidecars rebuilt from the packages, and should those fail too, on the
   * packages themselves. `search`: `read` ranks the records (the sidecars then keep a search index).
   */
  private async withCorpus<T>(
    target: ContextReadTarget,
    read: (loaded: Awaited<ReturnType<ContextRecordsService['corpus']>>) => T,
    { search = false } = {},
  ): Promise<T> {
    // The sidecars as found, then as rebuilt from the packages.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        return read(await this.corpus(target, { search }));
      } catch (error) {
        if (!(error instanceof SidecarInvalid || error instanceof IndexDamaged)) throw error;
        await Promise.all((await this.readPaths(target)).map((pkg) => this.reader.discard(pkg.absolute)));
      }
    }
    return read(await this.corpus(target, { fromPackage: true, search }));
  }

  async search(request: ContextSearchRequest): Promise<WithWarnings<ContextSearchResult>> {
    const topK = positiveInteger(request.topK, 'topK') ?? DEFAULT_TOP_K;
    return this.withCorpus(request, (loaded) => this.searchIn(loaded, request, topK), { search: true });
  }

  private searchIn(
    { corpus, shown, warnings }: Awaited<ReturnType<ContextRecordsService['corpus']>>,
    request: ContextSearchRequest,
    topK: number,
  ): WithWarnings<ContextSearchResult> {
    const matches = corpus.search(this.services.engine, request.query, {
      topK,
      ...(request.fields?.length ? { fields: request.fields } : {}),
    });
    return {
      data: { context_path: shown[0]!, context_paths: shown, query: request.query, matches },
      warnings: [...warnings, ...corpus.warningsFor(matches.map((match) => keyText(match.scenario[this.keyField])))],
    };
  }

  get(key: string, target: ContextReadTarget = {}): Promise<WithWarnings<ContextGetResult>> {
    return this.withCorpus(target, (loaded) => this.getIn(loaded, key));
  }

  private getIn(
    { corpus, shown, warnings }: Awaited<ReturnType<ContextRecordsService['corpus']>>,
    key: string,
  ): WithWarnings<ContextGetResult> {
    const found = corpus.get(key);
    if (!found) {
      throw new EpError('KEY_NOT_FOUND', `No context record has key "${key}" in ${shown.join(', ')}.`, {
        exitCode: ExitCode.notFound,
        details: { key, context_paths: shown },
        suggestion: 'Run `ep context search --query ...` to find the key.',
      });
    }
    return {
      data: { context_path: found.origin, key, scenario: found.record },
      warnings: [...warnings, ...corpus.warningsFor([key], 'got')],
    };
  }

  async pack(request: ContextPackRequest): Promise<WithWarnings<ContextPackResult>> {
    const topK = positiveInteger(request.topK, 'topK') ?? DEFAULT_PACK_TOP_K;
    const tokenBudget = nonNegativeInteger(request.tokenBudget, 'tokenBudget');
    const charBudget =
      nonNegativeInteger(request.charBudget, 'charBudget') ?? (tokenBudget === undefined ? DEFAULT_CHAR_BUDGET : Number.POSITIVE_INFINITY);
    const { corpus, shown, warnings, found } = await this.withCorpus(
      request,
      (loaded) => ({
        ...loaded,
        found: loaded.corpus.search(this.services.engine, request.query, {
          topK,
          ...(request.fields?.length ? { fields: request.fields } : {}),
        }),
      }),
      { search: true },
    );
    const ranked: ScoredScenario[] = found.map(({ score, scenario }) => ({ score, scenario }));
    // Packs the matches at `positions` (in rank order); answers with the result and the positions rendered.
    const render = (positions: readonly number[]) => {
      const matches = positions.map((position) => ranked[position]!);
      const result = this.services.packer.pack({ matches, charBudget, keyField: this.keyField });
      return { result, rendered: renderedPositions(result, matches, this.keyField).map((index) => positions[index]!) };
    };
    let packed = render(ranked.map((_, position) => position));
    let tokenCount: number | undefined;
    if (tokenBudget !== undefined) {
      // Greedy in rank order: a match stays when the text with it, whole, still fits both budgets. When none
      // does, the top match cut to the character budget, as without a token budget, if its tokens fit.
      const counter = await this.services.tokenizer.load();
      const fits = (trial: ReturnType<typeof render>) => counter.count(trial.result.promptContext) <= tokenBudget;
      const kept: number[] = [];
      for (let position = 0; position < ranked.length; position += 1) {
        const trial = render([...kept, position]);
        if (trial.rendered.length === kept.length + 1 && !trial.result.truncated && fits(trial)) kept.push(position);
      }
      packed = render(kept);
      if (kept.length === 0 && ranked.length > 0) {
        const cut = render([0]);
        if (cut.result.truncated && fits(cut)) packed = cut;
      }
      tokenCount = counter.count(packed.result.promptContext);
    }
    const included = packed.rendered.map((position) => ({
      key: keyText(found[position]!.scenario[this.keyField]),
      context_path: found[position]!.context_path,
    }));
    const nothingFits: ContextWarning[] =
      found.length > 0 && included.length === 0
        ? [
            {
              code: 'NOTHING_PACKED',
              message: `None of the ${found.length} matches fits the budget, not even cut short; prompt_context is empty.`,
            },
          ]
        : [];
    return {
      data: {
        context_path: shown[0]!,
        context_paths: shown,
        query: request.query,
        prompt_context: packed.result.promptContext,
        included,
        omitted: ranked.length - included.length,
        truncated: packed.result.truncated,
        ...(tokenCount === undefined ? {} : { token_count: tokenCount, tokenizer: this.services.tokenizer.name }),
      },
      warnings: [...warnings, ...nothingFits, ...corpus.warningsFor(included.map((entry) => entry.key))],
    };
  }

  add(request: ContextWriteRequest): Promise<WithWarnings<ContextWriteResult>> {
    return this.write(request, (context, record) => context.add(record));
  }

  upsert(request: ContextWriteRequest): Promise<WithWarnings<ContextWriteResult>> {
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
  private async write(
    request: ContextWriteRequest,
    change: (context: ScenarioContext, record: Scenario) => WriteOutcome,
  ): Promise<WithWarnings<ContextWriteResult>> {
    const record = recordToWrite(request.record, this.keyField, request.key);
    const { cwd, store, engine, packer } = this.services;
    const absolute = await resolveWritePath(cwd, request.path);
    const shown = displayPath(cwd, absolute);
    await assertPackagePath(absolute, shown);
    await assertParentDirectory(absolute, shown);
    // Loaded on first write only: reads served from the cache never load the package writer.
    const { ScenarioContext } = await import('../package/scenario-context.js');
    let outcome: WriteOutcome | undefined;
    const message = request.message ?? DEFAULT_SAVE_MESSAGE;
    // A package read through the cache gets its new version cached by the write, so the next read is warm.
    const onSaved = await this.reader.onSavedFor(absolute);
    const saved = await ScenarioContext.update(
      absolute,
      (context) => {
        outcome = change(context, record);
      },
      {
        store,
        engine,
        packer,
        message,
        keyField: this.keyField,
        ...(onSaved ? { onSaved } : {}),
      },
    );
    return {
      data: {
        context_path: shown,
        key: keyText(outcome!.record[this.keyField]),
        status: outcome!.status,
        save_status: saved.status,
        commit: saved.commit,
        message,
        scenario: outcome!.record,
      },
      warnings: saved.branch === null ? [detachedHeadWarning(shown, saved.commit)] : [],
    };
  }
}

/** A write to a package whose HEAD is detached lands on HEAD alone; a later switch to a branch leaves it behind. */
function detachedHeadWarning(shown: string, commit: string): ContextWarning {
  return {
    code: 'DETACHED_HEAD',
    message:
      `${shown} has a detached HEAD: commit ${commit.slice(0, 12)} is on HEAD only, on no branch. ` +
      'Create a branch there to keep it (in EDSL: sl.git.branch(name)).',
  };
}
