import type { ContextRecords } from '../context/active/context-records-contract.js';
import type { UseContextOptions } from '../context/active/context-pointer.js';
import type { AssembledContext } from '../context/assembly/assembled-context.js';
import type { BudgetState } from '../context/assembly/contracts.js';
import type { ContextRequest, ContextRequestInit } from '../context/assembly/context-request.js';
import type { AnyServiceToken, ServiceToken } from '../kernel/token.js';
import type { RecordList } from '../records/record-list.js';
import type { ScenarioList, ScenarioSearchOptions, ScoredScenario } from '../records/scenario-list.js';
import type { Scenario } from '../records/scenario.js';
import type { PluginDescription } from '../runtime/describe-plugins.js';
import type { EpRuntime, RuntimeOptions } from '../runtime/runtime.js';
import type { SearchEngine } from '../search/search-engine.js';
import type { SessionHandle } from '../sessions/session-context.js';
import type { SessionExport, SessionMeta } from '../sessions/store/session-store.js';
import type { SessionWatch, SessionWatchOptions } from '../sessions/store/session-watch.js';
import type { RecordDiff } from '../records/record-diff.js';
import type { LeftOutTool, ToolDescriptor } from '../skills/tool.js';
import type {
  LoadedPackage,
  LoadOptions,
  LogEntry,
  PackageDiff,
  PushResult,
  SaveOptions,
  SaveResult,
} from '../storage/package-store-contract.js';
import type { ContextPointerView } from './context-pointer.js';
import type { CreatePackageResult } from './scenarios.js';
import type { EpSessionOptions } from './session.js';
import type { AgentRunResult, SessionRun } from './session-runs.js';
import type { SessionView } from './sessions.js';

/** How to start the runtime behind an {@link Ep}: the same options every library function takes. */
export type EpOptions = Omit<RuntimeOptions, 'runtime'>;

/** The context pointer and the records of the active context packages (`ep context ...`). */
export interface EpContexts extends ContextRecords {
  /** Makes `packagePath` the active context (and, unless told otherwise, the write context). */
  use(packagePath: string, options?: UseContextOptions): Promise<ContextPointerView>;
  /** The active context paths; `CONTEXT_NOT_CONFIGURED` when none is set. */
  current(): Promise<ContextPointerView>;
  clear(): Promise<ContextPointerView & { cleared: boolean }>;
}

/** `.ep` packages through the runtime's package store; relative paths are resolved against the runtime's `cwd`. */
export interface EpPackages {
  /** A new package from a JSON array or JSON Lines file; an existing output is refused. */
  create(input: string, output: string, options?: { message?: string }): Promise<CreatePackageResult>;
  load(packagePath: string, options?: LoadOptions): Promise<LoadedPackage>;
  /** Saves the records as the package's content (one commit), creating the package when it is new. */
  save(packagePath: string, records: ScenarioList | Iterable<Scenario>, options?: SaveOptions): Promise<SaveResult>;
  /**
   * Changes the package under its lock (one commit): `change` gets the latest records and returns the new ones,
   * as a list or as plain records (which keep the latest list's codebook).
   */
  update(
    packagePath: string,
    change: (latest: RecordList) => RecordList | Iterable<Scenario> | Promise<RecordList | Iterable<Scenario>>,
    options?: SaveOptions,
  ): Promise<SaveResult & { list: RecordList }>;
  log(packagePath: string, options?: { ref?: string }): Promise<LogEntry[]>;
  diff(packagePath: string, from: string, to?: string): Promise<PackageDiff>;
  /** One record (by its `key` field) as it was at `from` and at `to` (default HEAD), field by field. */
  diffRecord(packagePath: string, key: string, from: string, to?: string): Promise<RecordDiff>;
  push(packagePath: string, remote: string): Promise<PushResult>;
  pull(packagePath: string, remote: string, options?: { branch?: string }): Promise<SaveResult>;
}

/** Ranking with the runtime's search engine (BM25 unless a plugin replaces it). */
export interface EpSearch {
  readonly engine: SearchEngine;
  /** Ranks in-memory records with the runtime's engine: `ScenarioList.search` with `includeScores`. */
  records(
    records: ScenarioList | Iterable<Scenario>,
    query: string,
    options?: Omit<ScenarioSearchOptions, 'engine' | 'includeScores'>,
  ): ScoredScenario[];
}

/** The Context Request Protocol: assembled context within the budget. */
export interface EpContext {
  request(request: ContextRequestInit | ContextRequest): Promise<AssembledContext>;
  budget(): Promise<BudgetState>;
  /** The assembled context as a prompt section under `heading` (default `Context`); '' when nothing matched. */
  forPrompt(request: ContextRequestInit | ContextRequest, options?: { heading?: string }): Promise<string>;
}

/** Sessions: run code or an agent function in one (new, or continued by id), and read or delete them. */
export interface EpSessions {
  run<T>(body: (session: SessionHandle) => Promise<T> | T, options?: EpSessionOptions): Promise<SessionRun<T>>;
  /** Runs `<module>#<export>` (module relative to the runtime's `cwd`) once in a session. */
  runAgent(target: string, input?: unknown, options?: EpSessionOptions): Promise<AgentRunResult>;
  list(): Promise<SessionMeta[]>;
  show(sessionId: string, options?: { tree?: boolean }): Promise<SessionView>;
  delete(sessionId: string): Promise<{ deleted: string }>;
  /** Writes the session in the file store's format under `<to>/sessions/<id>/` (an `$EP_HOME`-style directory). */
  export(sessionId: string, options: { to: string }): Promise<SessionExport>;
  /** Calls `onChange` (debounced) whenever the session may have changed, until the returned watch is closed. */
  watch(sessionId: string, onChange: () => void, options?: SessionWatchOptions): Promise<SessionWatch>;
}

export interface EpTools {
  list(): Promise<ToolDescriptor[]>;
  /** The tool contributions the registry left out, each naming its plugin and why. */
  leftOut(): Promise<LeftOutTool[]>;
  /** Calls a tool through the registry, which validates `input` against the tool's schema. */
  call(name: string, input?: unknown): Promise<unknown>;
}

export interface EpPlugins {
  /** The started plugins, in start order. */
  list(): PluginDescription[];
}

/**
 * One started runtime with its services grouped for embedders. Every member delegates to the library
 * function of the same name with this runtime, so plugins start once for any number of calls.
 */
export interface Ep extends AsyncDisposable {
  readonly runtime: EpRuntime;
  readonly cwd: string;
  readonly contexts: EpContexts;
  readonly packages: EpPackages;
  readonly search: EpSearch;
  readonly context: EpContext;
  readonly sessions: EpSessions;
  readonly tools: EpTools;
  readonly plugins: EpPlugins;
  /** A single service by its token (`SessionStore` from `ep-runtime/plugin`, a plugin's own token). */
  get<T>(token: ServiceToken<T>): T;
  /** Every contribution to a multi service (`Tool`, `ContextSource`). */
  getAll<T>(token: AnyServiceToken<T>): T[];
  /** Stops every plugin (reverse start order). Later calls are refused; calling it again does nothing. */
  shutdown(): Promise<void>;
}

/**
 * Starts a runtime (kernel, built-in and configured plugins) and binds the API to it. The runtime's code is
 * imported here, on the first call, so importing `ep-runtime` stays cheap for code that never starts one.
 */
export async function createEp(options: EpOptions = {}): Promise<Ep> {
  const [{ EpRuntime }, { bindEp }] = await Promise.all([import('../runtime/runtime.js'), import('./bind-ep.js')]);
  return bindEp(await EpRuntime.create(options));
}
