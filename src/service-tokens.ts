/**
 * Every service token ep defines, gathered for embedders and plugin authors. Each is declared beside its
 * contract in the domain that owns it (one name for the interface and the token); this file only re-exports.
 * Token ids (`ep.SearchEngine`) are public: a plugin may use `Symbol.for('ep.SearchEngine')` without importing ep.
 */
export { Diagnostics } from './diagnostics/diagnostics.js';
export { Tool, ToolRegistry } from './skills/tool.js';
export { RuntimeSettings } from './kernel/runtime-settings.js';
export { SearchEngine } from './search/search-engine.js';
export { Tokenizer } from './tokenizer/tokenizer.js';
export { ContextAssembler, ContextSource, ContextTiers } from './context/assembly/contracts.js';
export { SessionStore } from './sessions/store/session-store.js';
export { ModelRuntime } from './models/model-runtime.js';
export { PackageStore } from './storage/package-store-contract.js';
export { ContextPacker } from './context/package/context-packer.js';
export { ContextRecords } from './context/active/context-records-contract.js';
export { CodeContext } from './context/code/code-context-contract.js';
export { DatabaseSchema } from './postgres/database-schema.js';
