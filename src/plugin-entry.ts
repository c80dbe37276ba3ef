/**
 * `ep-runtime/plugin`: what a plugin author writes against, and nothing that starts a runtime. It loads the
 * plugin contract, the service tokens and their contracts (types), errors, and the decorators tsyringe
 * provides; no CLI, schema, MCP, storage or search implementation (test/api/plugin-entry.test.ts checks).
 */
export { definePlugin } from './kernel/plugin.js';
export type { EpPlugin, PluginFactory, PluginDeclaration, ServiceAccessor, ServiceRegistry, Constructor } from './kernel/plugin.js';
export { createToken, declareArity, tokenName } from './kernel/token.js';
export type { ServiceToken, MultiServiceToken, AnyServiceToken, ServiceArity } from './kernel/token.js';
export { inject, injectable, injectAll } from './kernel/di.js';
export { EpError, isEpError, ExitCode, type EpErrorOptions } from './kernel/errors.js';
export { EP_VERSION } from './version.js';

// Every service token, under the same name as its contract (the interface below it).
export * from './service-tokens.js';
export type { DiagnosticLevel } from './diagnostics/diagnostics.js';
export type { ToolDescriptor, ToolCapability, ToolCallContext, JsonSchema } from './skills/tool.js';
export type {
  SearchDocument,
  SearchHit,
  SearchIndex,
  SearchIndexOptions,
  SearchQueryOptions,
  PersistedIndexFormat,
  EncodedColumn,
  IndexByteSource,
} from './search/search-engine.js';
export { IndexDamaged } from './search/search-engine.js';
export type { TokenCounter, BpeEncoding } from './tokenizer/tokenizer.js';
export type {
  ContextRecord,
  ContextRecords,
  ContextRecordTable,
  TierName,
  TierEntry,
  BudgetState,
  HistoryEntry,
} from './context/assembly/contracts.js';
export type { SessionMeta, SessionContents, SessionExport, SessionLogContract } from './sessions/store/session-store.js';
export type { SessionNode, NodeKind, NodeStatus, CallStatus, UserStatus, LogRecord, NodeUpdate, NodeError } from './sessions/call-node.js';
export type { ModelRequest, ModelReply } from './models/model-runtime.js';
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
  HistoryVersion,
  SavedVersion,
  SaveHistoryResult,
} from './storage/package-store-contract.js';
export type { PackRequest, PackResult } from './context/package/context-packer.js';
export type {
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
export type { RecordList, DuplicatePolicy } from './records/record-list.js';
export type { Scenario, Codebook } from './records/scenario.js';
export type { JsonValue, JsonObject, JsonPrimitive } from './records/json.js';
export type { AssembledContext } from './context/assembly/assembled-context.js';
export type { ContextRequest, ContextRequestInit, TemporalScope } from './context/assembly/context-request.js';
export type { ContextBudget } from './context/assembly/context-budget.js';
export type { DetailLevelMap, DetailLevelMapInit } from './context/assembly/detail-level-map.js';
export type { ScoredScenario } from './records/scenario-list.js';
