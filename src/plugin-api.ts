// Stand-in for the plugin authors' entry while the facade work lands (kept only to build the scaffold's tests).
export { definePlugin, type EpPlugin, type PluginFactory, type ServiceAccessor, type ServiceRegistry } from './kernel/plugin.js';
export { createToken, declareArity, tokenName, type ServiceToken, type MultiServiceToken } from './kernel/token.js';
export { EpError, ExitCode, isEpError } from './kernel/errors.js';
export { Tool, ToolRegistry, type ToolDescriptor, type ToolCapability, type JsonSchema, type ToolCallContext } from './skills/tool.js';
export {
  SearchEngine,
  type SearchDocument,
  type SearchHit,
  type SearchIndex,
  type SearchIndexOptions,
  type SearchQueryOptions,
} from './search/search-engine.js';
export { Tokenizer, type TokenCounter } from './tokenizer/tokenizer.js';
export { ModelRuntime, type ModelReply, type ModelRequest } from './models/model-runtime.js';
export { ContextPacker, type PackRequest, type PackResult } from './context/package/context-packer.js';
export { SessionStore } from './sessions/store/session-store.js';
export { PackageStore } from './storage/package-store-contract.js';
