import path from 'node:path';
import { EpError } from '../kernel/errors.js';
import { ScenarioList } from '../records/scenario-list.js';
import type { Scenario } from '../records/scenario.js';
import { isRecordList, type RecordList } from '../records/record-list.js';
import { describePlugins } from '../runtime/describe-plugins.js';
import type { EpRuntime } from '../runtime/runtime.js';
import { SearchEngine } from '../search/search-engine.js';
import { contextBudget, contextPromptSection, requestContext } from './context.js';
import { addContextRecord, contextHistory, getContextRecord, packContext, searchContext, upsertContextRecord } from './context-records.js';
import { clearContextPointer, currentContext, useContextPath } from './context-pointer.js';
import type { Ep, EpContext, EpContexts, EpPackages, EpPlugins, EpSearch, EpSessions, EpTools } from './ep.js';
import {
  diffPackage,
  diffPackageRecord,
  loadPackage,
  packageHistory,
  pullPackage,
  pushPackage,
  savePackage,
  updatePackage,
} from './packages.js';
import { createScenarioPackage } from './scenarios.js';
import { runAgent, runInSession } from './session-runs.js';
import { deleteSession, exportSession, listSessions, showSession, watchSession } from './sessions.js';
import { callTool, listTools, toolListing } from './tools.js';

/** What a change returned as a list: a RecordList as it is, plain records with the latest list's codebook. */
function keepCodebook(changed: RecordList | Iterable<Scenario>, latest: RecordList): RecordList {
  return isRecordList(changed) ? changed : new ScenarioList(changed, latest.codebook);
}

/** The {@link Ep} over one started runtime: each member calls its library function with that runtime. */
export function bindEp(started: EpRuntime): Ep {
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
    get: async (key, target = {}) => getContextRecord(key, { ...target, ...on() }),
    pack: async (request) => packContext(request, on()),
    add: async (request) => addContextRecord(request, on()),
    upsert: async (request) => upsertContextRecord(request, on()),
    history: async (target = {}) => contextHistory({ ...target, ...on() }),
  };
  const packages: EpPackages = {
    create: async (input, output, options = {}) => createScenarioPackage(resolve(input), resolve(output), { ...options, ...on() }),
    load: async (packagePath, options = {}) => loadPackage(resolve(packagePath), { ...options, ...on() }),
    save: async (packagePath, records, options = {}) => savePackage(resolve(packagePath), list(records), { ...options, ...on() }),
    update: async (packagePath, change, options = {}) =>
      updatePackage(resolve(packagePath), async (latest) => keepCodebook(await change(latest), latest), { ...options, ...on() }),
    log: async (packagePath, options = {}) => packageHistory(resolve(packagePath), { ...options, ...on() }),
    diff: async (packagePath, from, to = 'HEAD') => diffPackage(resolve(packagePath), from, to, on()),
    diffRecord: async (packagePath, key, from, to = 'HEAD') => diffPackageRecord(resolve(packagePath), key, from, to, on()),
    push: async (packagePath, remote) => pushPackage(resolve(packagePath), remote, on()),
    pull: async (packagePath, remote, options = {}) => pullPackage(resolve(packagePath), remote, { ...options, ...on() }),
  };
  const search: EpSearch = {
    get engine() {
      return runtime().get(SearchEngine);
    },
    records: (records, query, options = {}) =>
      list(records).search(query, { ...options, engine: runtime().get(SearchEngine), includeScores: true }),
  };
  const context: EpContext = {
    request: async (request) => requestContext(request, on()),
    budget: async () => contextBudget(on()),
    forPrompt: async (request, options = {}) => contextPromptSection(request, { ...options, ...on() }),
  };
  const sessions: EpSessions = {
    run: async (body, options = {}) => runInSession(body, { ...options, ...on() }),
    runAgent: async (target, input, options = {}) => runAgent(target, input, { ...options, cwd, ...on() }),
    list: async () => listSessions(on()),
    show: async (sessionId, options = {}) => showSession(sessionId, { ...options, ...on() }),
    delete: async (sessionId) => deleteSession(sessionId, on()),
    export: async (sessionId, options) => exportSession(sessionId, { to: options.to, ...on() }),
    watch: async (sessionId, onChange, options = {}) => watchSession(sessionId, onChange, { ...options, ...on() }),
  };
  const tools: EpTools = {
    list: async () => listTools(on()),
    leftOut: async () => (await toolListing(on())).leftOut,
    call: async (name, input = {}) => callTool(name, input, on()),
  };
  const plugins: EpPlugins = {
    list: () => describePlugins(runtime().kernel.plugins),
  };
  const shutdown = async () => {
    await (stopping ??= started.shutdown());
  };
  return {
    runtime: started,
    cwd,
    contexts,
    packages,
    search,
    context,
    sessions,
    tools,
    plugins,
    get: (token) => runtime().get(token),
    getAll: (token) => runtime().getAll(token),
    shutdown,
    [Symbol.asyncDispose]: shutdown,
  };
}
