import path from 'node:path';
import type { ContextGetResult, ContextHistoryResult, ContextPackResult, ContextRecords, ContextSearchResult, ContextWriteResult, PackRequest, ReadTarget, SearchRequest, WithWarnings, WriteRequest } from '../context/active/context-records-contract.js';
import type { UseContextOptions } from '../context/active/context-pointer.js';
import type { AssembledContext } from '../context/assembly/assembled-context.js';
import type { BudgetState } from '../context/assembly/contracts.js';
import type { ContextRequest, ContextRequestInit } from '../context/assembly/context-request.js';
import { EpError } from '../kernel/errors.js';
import { SearchEngine } from '../search/search-engine.js';
import type { AnyServiceToken, ServiceToken } from '../kernel/token.js';
import { ScenarioList, type ScenarioSearchOptions, type ScoredScenario } from '../records/scenario-list.js';
import type { Scenario } from '../records/scenario.js';
import { describePlugins, type PluginDescription } from '../runtime/describe-plugins.js';
import { EpRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import type { SessionMeta } from '../sessions/store/session-store.js';
import type { SessionHandle } from '../sessions/session-context.js';
import type { LoadedPackage, LoadOptions, PackageChange, SaveOptions } from '../storage/package-store-contract.js';
import type { LeftOutTool, ToolDescriptor } from '../skills/tool.js';
import { contextBudget, requestContext } from './context.js';
import { addContextRecord, contextHistory, getContextRecord, packContext, searchContext, upsertContextRecord } from './context-records.js';
import { clearContextPointer, currentContext, useContextPath, type ContextPointerView } from './context-pointer.js';
import { diffPackage, loadPackage, packageHistory, pullPackage, pushPackage, savePackage, updatePackage } from './packages.js';
import { createScenarioPackage, type CreatePackageResult } from './scenarios.js';
import { runAgent, runInSession, type AgentRunOptions, type AgentRunResult, type SessionRun, type SessionRunOptions } from './session.js';
import { deleteSession, listSessions, showSession, type SessionView } from './sessions.js';
import { callTool, listTools, toolListing } from './tools.js';

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
  save(packagePath: string, records: ScenarioList | Iterable<Scenario>, options?: SaveOptions): ReturnType<typeof savePackage>;
  update(packagePath: string, change: PackageChange, options?: SaveOptions): ReturnType<typeof updatePackage>;
  log(packagePath: string, options?: { ref?: string }): ReturnType<typeof packageHistory>;
  diff(packagePath: string, from: string, to?: string): ReturnType<typeof diffPackage>;
  push(packagePath: string, remote: string): ReturnType<typeof pushPackage>;
  pull(packagePath: string, remote: string, options?: { branch?: string }): ReturnType<typeof pullPackage>;
}

/** Ranking with the runtime's search engine (BM25 unless a plugin replaces it). */
export interface EpSearch {
  readonly engine: SearchEngine;
  /** Ranks in-memory records with the runtime's engine: `ScenarioList.search` with `includeScores`. */
  records(records: ScenarioList | Iterable<Scenario>, query: string, options?: Omit<ScenarioSearchOptions, 'engine' | 'includeScores'>): ScoredScenario[];
}

/** The Context Request Protocol: assembled context within the budget. */
export interface EpContext {
  request(request: ContextRequestInit | ContextRequest): Promise<AssembledContext>;
  budget(): Promise<BudgetState>;
}

export type EpSessionOptions = Omit<SessionRunOptions, keyof RuntimeOptions>;
export type EpAgentOptions = Omit<AgentRunOptions, keyof RuntimeOptions | 'target' | 'input'>;

/** Sessions: run code or an agent function in one (new, or continued by id), and read or delete them. */
export interface EpSessions {
  run<T>(body: (session: SessionHandle) => Promise<T> | T, options?: EpSessionOptions): Promise<SessionRun<T>>;
  /** Runs `<module>#<export>` (module relative to the runtime's `cwd`) once in a session. */
  runAgent(target: string, input?: unknown, options?: EpAgentOptions): Promise<AgentRunResult>;
  list(): Promise<SessionMeta[]>;
  show(sessionId: string, options?: { tree?: boolean }): Promise<SessionView>;
  delete(sessionId: string): Promise<{ deleted: string }>;
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
  /** A single service by its token (`tokens.SessionStore`, a plugin's own token). */
  get<T>(token: ServiceToken<T>): T;
  /** Every contribution to a multi service (`tokens.Tool`, `tokens.ContextSource`). */
  getAll<T>(token: AnyServiceToken<T>): T[];
  /** Stops every plugin (reverse start order). Later calls are refused; calling it again does nothing. */
  shutdown(): Promise<void>;
}

/** Starts a runtime (kernel, built-in and configured plugins) and binds the API to it. */
export async function createEp(options: EpOptions = {}): Promise<Ep> {
  return bindEp(await EpRuntime.create(options));
}

function bindEp(started: EpRuntime): Ep {
  let stopping: Promise<void> | undefined;
  const runtime = (): EpRuntime => {
    if (stopping) throw new EpError('EP_SHUT_DOWN', 'This ep runtime has been shut down; create another with createEp().');
    return started;
  };
  const on = () => ({ runtime: runtime() });
  const cwd = path.resolve(started.cwd);
  const resolve = (file: string) => path.resolve(cwd, file);
  const list = (records: ScenarioList | Iterable<Scenario>) => (records instanceof ScenarioList ? records : new ScenarioList(records));

  const contexts: EpContexts = {
    use: async (packagePath, options = {}) => (runtime(), useContextPath(packagePath, { ...options, cwd })),
    current: async () => (runtime(), currentContext({ cwd })),
    clear: async () => (runtime(), clearContextPointer({ cwd })),
    search: async (request) => searchContext(request, on()),
    get: async (key, target = {}) => getContextRecord(key, target, on()),
    pack: async (request) => packContext(request, on()),
    add: async (request) => addContextRecord(request, on()),
    upsert: async (request) => upsertContextRecord(request, on()),
    history: async (target = {}) => contextHistory(target, on()),
  };
  const packages: EpPackages = {
    create: async (input, output, options = {}) => createScenarioPackage(resolve(input), resolve(output), { ...options, ...on() }),
    load: async (packagePath, options = {}) => loadPackage(resolve(packagePath), options, on()),
    save: async (packagePath, records, options = {}) => savePackage(resolve(packagePath), list(records), options, on()),
    update: async (packagePath, change, options = {}) => updatePackage(resolve(packagePath), change, options, on()),
    log: async (packagePath, options = {}) => packageHistory(resolve(packagePath), options, on()),
    diff: async (packagePath, from, to = 'HEAD') => diffPackage(resolve(packagePath), from, to, on()),
    push: async (packagePath, remote) => pushPackage(resolve(packagePath), remote, on()),
    pull: async (packagePath, remote, options = {}) => pullPackage(resolve(packagePath), remote, options, on()),
  };
  const search: EpSearch = {
    get engine() { return runtime().get(SearchEngine); },
    records: (records, query, options = {}) => list(records).search(query, { ...options, engine: runtime().get(SearchEngine), includeScores: true }),
  };
  const context: EpContext = {
    request: async (request) => requestContext(request, on()),
    budget: async () => contextBudget(on()),
  };
  const sessions: EpSessions = {
    run: async (body, options = {}) => runInSession({ ...options, ...on() }, body),
    runAgent: async (target, input, options = {}) => runAgent({ ...options, target, ...(input === undefined ? {} : { input }), cwd, ...on() }),
    list: async () => listSessions(on()),
    show: async (sessionId, options = {}) => showSession(sessionId, { ...options, ...on() }),
    delete: async (sessionId) => deleteSession(sessionId, on()),
  };
  const tools: EpTools = {
    list: async () => listTools(on()),
    leftOut: async () => (await toolListing(on())).leftOut,
    call: async (name, input = {}) => callTool(name, input, on()),
  };
  const plugins: EpPlugins = {
    list: () => describePlugins(runtime().kernel.plugins),
  };
  const shutdown = async () => { await (stopping ??= started.shutdown()); };
  return {
    runtime: started, cwd, contexts, packages, search, context, sessions, tools, plugins,
    get: (token) => runtime().get(token),
    getAll: (token) => runtime().getAll(token),
    shutdown,
    [Symbol.asyncDispose]: shutdown,
  };
}
