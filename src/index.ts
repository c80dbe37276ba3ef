/** The `ep` library API: everything the CLI does is a thin layer over these exports. */
import './kernel/di.js';

export { EP_VERSION } from './version.js';
export { EpError, ExitCode, isEpError } from './kernel/errors.js';
export { Kernel } from './kernel/kernel.js';
export { definePlugin } from './kernel/plugin.js';
export type { EpPlugin, PluginFactory, ServiceAccessor, ServiceRegistry, PluginSource, PluginOrigin } from './kernel/plugin.js';
export type { Contribution } from './kernel/contributions.js';
export { createToken, tokenName, type ServiceToken } from './kernel/token.js';
export { inject, injectable, injectAll } from './kernel/di.js';
export * as tokens from './service-tokens.js';
export { EpRuntime, withRuntime, type RuntimeOptions } from './runtime/runtime.js';
export { listPlugins } from './api/plugins.js';
export { trustConfig, listTrustedConfigs, revokeTrust, type TrustOptions, type TrustedConfig, type TrustRecord, type CodeEntry } from './api/trust.js';
export { listTools, callTool, toolListing, type ToolListing } from './api/tools.js';
export type { Tool, ToolDescriptor, ToolCapability, JsonSchema, LeftOutTool } from './skills/tool.js';
export * from './context/assembly/index.js';
export { requestContext, contextBudget } from './api/context.js';
export { SkillDefinition, type SkillSpec } from './skills/skill-definition.js';
export { CONTEXT_SKILL, buildContextSkill } from './skills/context/context-skill.js';
export type { Tokenizer, TokenCounter } from './tokenizer/tokenizer.js';
export { ScenarioList, type ScoredScenario, type ScenarioSearchOptions, type DuplicatePolicy } from './records/scenario-list.js';
export type { Scenario, Codebook } from './records/scenario.js';
export type { JsonValue, JsonObject } from './records/json.js';
export { DEFAULT_SEARCH_FIELDS } from './records/document-text.js';
export { tokenize } from './search/tokenize.js';
export { Bm25SearchEngine } from './search/bm25/bm25-engine.js';
export { ElasticlunrSearchEngine, type ElasticlunrEngineOptions } from './search/elasticlunr/elasticlunr-engine.js';
export type { SearchEngine, SearchDocument, SearchHit, SearchIndex, SearchIndexOptions, SearchQueryOptions } from './search/search-engine.js';
export { currentSession, currentSignal, type SessionOptions, type SessionHandle, type SessionState, type AnswerSource } from './sessions/session-context.js';
export { agent, agentFunction, agentSpecOf, type AgentFunctionSpec } from './sessions/agent-function.js';
export { callModel } from './sessions/model-call.js';
export { useTool, contextForPrompt } from './sessions/call-tool.js';
export { askUser } from './sessions/ask-user.js';
export { answersFromFile, answersFrom, noAnswers } from './sessions/answer-sources.js';
export { newSessionId, validateSessionId } from './sessions/session-id.js';
export { renderPrompt, renderHistory } from './sessions/render-prompt.js';
export { renderSessionTree } from './sessions/session-tree.js';
export { runAgentInSubprocess, type SubprocessRunOptions, type SubprocessRunResult } from './sessions/subprocess.js';
export type { SessionNode, NodeKind, NodeStatus, CallStatus, UserStatus } from './sessions/call-node.js';
export { FileSessionStore } from './sessions/store/file-session-store.js';
export type { SessionStore, SessionMeta, SessionContents, SessionLogContract } from './sessions/store/session-store.js';
export type { ModelRuntime, ModelRequest, ModelReply } from './models/model-runtime.js';
export { ScriptedModelRuntime, type RecordedPrompt } from './models/scripted-model.js';
export { OpenAIChatRuntime } from './models/openai-chat-model.js';
export { CommandModelRuntime } from './models/command-model.js';
export { withSession, runInSession, runAgent, type WithSessionOptions, type SessionRunOptions, type SessionRun, type AgentRunOptions, type AgentRunResult } from './api/session.js';
export { listSessions, showSession, deleteSession } from './api/sessions.js';
export { ScenarioContext, type ScenarioContextOptions, type DuplicateHandling, type WriteOutcome, type PackOptions } from './context/package/scenario-context.js';
export { LinePacker } from './context/package/line-packer.js';
export type { ContextPacker, PackRequest, PackResult } from './context/package/context-packer.js';
export { GitPackageStore, type GitPackageStoreOptions } from './storage/git-package-store.js';
export type { PackageStore, LoadedPackage, SaveResult, PackageDiff, LogEntry, PushResult } from './storage/package-store-contract.js';
export { pythonJsonDumps } from './storage/json/python-json-writer.js';
export { parseJsonPreservingNumbers } from './storage/json/record-json-parser.js';
export { stringifyJsonPreservingNumbers, type ExactJsonOptions } from './storage/json/exact-json-writer.js';
export { searchContext, getContextRecord, packContext, addContextRecord, upsertContextRecord, contextHistory } from './api/context-records.js';
export type {
  ContextRecords, ContextSearchResult, ContextGetResult, ContextHistoryResult, ContextPackResult, ContextWriteResult, ContextMatch, ContextWarning,
  SearchRequest as ContextSearchRequest, PackRequest as ContextPackRequest, WriteRequest as ContextWriteRequest, WithWarnings,
} from './context/active/context-records-contract.js';
export { createScenarioPackage, type CreatePackageResult } from './api/scenarios.js';
export { loadPackage, updatePackage, packageHistory, diffPackage, pushPackage, pullPackage } from './api/packages.js';
export {
  contextOptions, loadScenarioContext, updateScenarioContext, newScenarioContext, type ScenarioContextRuntimeOptions,
} from './api/scenario-context.js';
export { defaultEp, shutdownDefaultEp } from './api/default-runtime.js';
export { rankRecords, searchRecords, type RecordSearchOptions } from './api/search.js';
export { savePackage } from './api/packages.js';
export { useContextPath, currentContext, clearContextPointer, type ContextPointerView } from './api/context-pointer.js';
export {
  createEp, type Ep, type EpOptions, type EpContexts, type EpPackages, type EpSearch, type EpContext, type EpSessions, type EpSessionOptions,
  type EpAgentOptions, type EpTools, type EpPlugins,
} from './api/ep.js';
export type { SessionView } from './api/sessions.js';
export type { PluginListing } from './api/plugins.js';
export type { PluginDescription } from './runtime/describe-plugins.js';
export type { LoadOptions, SaveOptions, PackageChange } from './storage/package-store-contract.js';
export type { UseContextOptions } from './context/active/context-pointer.js';
