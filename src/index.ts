/**
 * `ep-runtime`: start a runtime with createEp, write agent functions, and run them in sessions. Each name is
 * exported once; the types are those the API's signatures use. Plugin authors import `ep-runtime/plugin`;
 * records, packages and search outside an Ep are `ep-runtime/records`; session stores, subprocess agents
 * and answer sources are `ep-runtime/sessions` (docs/embedding.md).
 */

export { createEp } from './api/ep.js';
export type { Ep, EpOptions, EpContexts, EpPackages, EpSearch, EpContext, EpSessions, EpTools, EpPlugins } from './api/ep.js';
export { defaultEp, shutdownDefaultEp } from './api/default-runtime.js';
export { trustConfig, listTrustedConfigs, revokeTrust } from './api/trust.js';
export type { TrustOptions, TrustedConfig, TrustRecord, CodeEntry } from './api/trust.js';
export { EpError, isEpError, ExitCode, type EpErrorOptions } from './kernel/errors.js';

// Agent functions and the session they run in.
export { agent, agentFunction } from './sessions/agent-function.js';
export { callModel } from './sessions/model-call.js';
export { askUser } from './sessions/ask-user.js';
export { useTool, contextForPrompt } from './sessions/call-tool.js';
export { recordStep, type RecordedStep, type StepStart, type StepEnd } from './sessions/recorded-step.js';
export { currentSession, currentSignal, type SessionHandle, type SessionState, type AnswerSource } from './sessions/session-context.js';
export { withSession, type EpSessionOptions, type WithSessionOptions } from './api/session.js';
export type { SessionRun, AgentRunResult } from './api/session-runs.js';
export type { SessionView } from './api/sessions.js';
export type { SessionMeta, SessionContents, SessionExport } from './sessions/store/session-store.js';
export type { SessionNode, TokenUsage } from './sessions/call-node.js';
export type { SessionWatch, SessionWatchOptions } from './sessions/store/session-watch.js';
export type { RecordDiff } from './records/record-diff.js';

// What the runtime is started with and what its members take and return.
export type { EpRuntime, RuntimeOptions } from './runtime/runtime.js';
export type { ProjectConfig } from './runtime/loading/project-config.js';
export type { EpPlugin } from './kernel/plugin.js';
export type { ServiceToken, MultiServiceToken, AnyServiceToken } from './kernel/token.js';
export type { PluginDescription } from './runtime/describe-plugins.js';
export type { ContextPointerView } from './api/context-pointer.js';
export type { UseContextOptions } from './context/active/context-pointer.js';
export type {
  ContextRecords,
  ContextReadTarget,
  ContextSearchRequest,
  ContextPackRequest,
  ContextWriteRequest,
  ContextSearchResult,
  ContextGetResult,
  ContextPackResult,
  ContextWriteResult,
  ContextHistoryResult,
  ContextMatch,
  ContextWarning,
  WithWarnings,
} from './context/active/context-records-contract.js';
export type { CreatePackageResult } from './api/scenarios.js';
export type {
  LoadedPackage,
  LoadOptions,
  SaveOptions,
  SaveResult,
  PackageChange,
  PackageDiff,
  ChangedRecord,
  LogEntry,
  PushResult,
} from './storage/package-store-contract.js';
export type { Scenario, Codebook } from './records/scenario.js';
export type { JsonValue, JsonObject, JsonPrimitive } from './records/json.js';
export type { RecordList, DuplicatePolicy } from './records/record-list.js';
export type { ScenarioList, ScenarioSearchOptions, ScoredScenario } from './records/scenario-list.js';
export type { SearchEngine } from './search/search-engine.js';
export type { ContextRequest, ContextRequestInit, TemporalScope } from './context/assembly/context-request.js';
export type { AssembledContext } from './context/assembly/assembled-context.js';
export type { BudgetState } from './context/assembly/contracts.js';
export type { ToolDescriptor, ToolCapability, JsonSchema, LeftOutTool } from './skills/tool.js';
