/** The `ep` library API: everything the CLI does is a thin layer over these exports. */
import 'reflect-metadata';

export { EP_VERSION } from './version.js';
export { EpError, ExitCode, isEpError } from './kernel/errors.js';
export { Kernel } from './kernel/kernel.js';
export { definePlugin } from './kernel/plugin.js';
export type { EpPlugin, PluginFactory, ServiceAccessor, ServiceRegistry, PluginSource, PluginOrigin } from './kernel/plugin.js';
export { createToken, tokenName, type ServiceToken } from './kernel/token.js';
export { inject, injectable, injectAll } from './kernel/di.js';
export * as tokens from './kernel/tokens.js';
export { EpRuntime, withRuntime, type RuntimeOptions } from './runtime/runtime.js';
export { listPlugins } from './api/plugins.js';
export { listTools, callTool } from './api/tools.js';
export type { ToolContract, ToolDescriptor, ToolCapability, JsonSchema } from './tools/tool.js';
export * from './crp/index.js';
export { requestContext, contextBudget } from './api/context.js';
export { SkillDefinition, type SkillSpec } from './skills/skill-definition.js';
export { CONTEXT_SKILL, buildContextSkill } from './skills/context/context-skill.js';
export type { TokenizerContract, TokenCounter } from './tokenizer/tokenizer.js';
export { ScenarioList, type ScoredScenario, type ScenarioSearchOptions, type DuplicatePolicy } from './records/scenario-list.js';
export type { Scenario, Codebook } from './records/scenario.js';
export type { JsonValue, JsonObject } from './records/json.js';
export { DEFAULT_SEARCH_FIELDS } from './records/document-text.js';
export { tokenize } from './search/tokenize.js';
export { Bm25SearchEngine } from './search/bm25/bm25-engine.js';
export { ElasticlunrSearchEngine, type ElasticlunrEngineOptions } from './search/elasticlunr/elasticlunr-engine.js';
export type { SearchEngineContract, SearchDocument, SearchHit, SearchIndex, SearchIndexOptions, SearchQueryOptions } from './search/search-engine.js';
export { ScenarioContext, type ScenarioContextOptions, type DuplicateHandling, type WriteOutcome, type PackOptions } from './context/scenario-context.js';
export { LinePacker } from './context/line-packer.js';
export type { ContextPackerContract, PackRequest, PackResult } from './context/context-packer.js';
export { GitPackageStore, type GitPackageStoreOptions } from './storage/git-package-store.js';
export type { PackageStoreContract, LoadedPackage, SaveResult, PackageDiff, LogEntry, PushResult } from './storage/package-store-contract.js';
export { pythonJsonDumps } from './storage/json/python-json-writer.js';
export { parseJsonPreservingNumbers } from './storage/json/record-json-parser.js';
export { searchContext, getContextRecord, packContext, addContextRecord, upsertContextRecord, contextHistory } from './api/context-records.js';
export type {
  ContextRecordsContract, ContextSearchResult, ContextGetResult, ContextHistoryResult, ContextPackResult, ContextWriteResult, ContextMatch, ContextWarning,
  SearchRequest as ContextSearchRequest, PackRequest as ContextPackRequest, WriteRequest as ContextWriteRequest, WithWarnings,
} from './active-context/context-records-contract.js';
export { createScenarioPackage, type CreatePackageResult } from './api/scenarios.js';
