import type { PluginFactory } from '../kernel/plugin.js';
import { diagnosticsPlugin } from './diagnostics/diagnostics-plugin.js';
import { toolsPlugin } from './tools/tools-plugin.js';
import { searchBm25Plugin } from './search-bm25/search-bm25-plugin.js';
import { tokenizerPlugin } from './tokenizer/tokenizer-plugin.js';
import { contextPlugin } from './context/context-plugin.js';
import { contextFilesPlugin } from './context-files/context-files-plugin.js';
import { contextToolsPlugin } from './context-tools/context-tools-plugin.js';
import { searchElasticlunrPlugin } from './search-elasticlunr/search-elasticlunr-plugin.js';
import { searchRecordsPlugin } from './search-records/search-records-plugin.js';
import { sessionStorePlugin } from './session-store/session-store-plugin.js';
import { sessionStorePostgresPlugin } from './session-store-postgres/session-store-postgres-plugin.js';
import { scriptedModelPlugin } from './model-scripted/model-scripted-plugin.js';
import { openAIModelPlugin } from './model-openai/model-openai-plugin.js';
import { commandModelPlugin } from './model-command/model-command-plugin.js';
import { storageEpPlugin } from './storage-ep/storage-ep-plugin.js';
import { storagePostgresPlugin } from './storage-postgres/storage-postgres-plugin.js';
import { contextPackPlugin } from './context-pack/context-pack-plugin.js';
import { contextRecordsPlugin } from './context-records/context-records-plugin.js';
import { contextCodePlugin } from './context-code/context-code-plugin.js';

export interface BuiltinPluginEntry {
  readonly id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each built-in declares its own options type
  readonly factory: PluginFactory<any>;
  /** Loaded unless disabled. Alternatives (another search engine, say) are loaded when config selects them. */
  readonly enabledByDefault: boolean;
}

/**
 * Every built-in plugin. Definitions are light: each imports its implementation inside `register`, so
 * listing plugins or printing help loads none of them.
 */
export const BUILTIN_PLUGINS: readonly BuiltinPluginEntry[] = [
  { id: 'builtin/diagnostics', factory: diagnosticsPlugin, enabledByDefault: true },
  { id: 'builtin/tools', factory: toolsPlugin, enabledByDefault: true },
  { id: 'builtin/search-bm25', factory: searchBm25Plugin, enabledByDefault: true },
  { id: 'builtin/tokenizer', factory: tokenizerPlugin, enabledByDefault: true },
  { id: 'builtin/context', factory: contextPlugin, enabledByDefault: true },
  { id: 'builtin/context-files', factory: contextFilesPlugin, enabledByDefault: true },
  { id: 'builtin/context-tools', factory: contextToolsPlugin, enabledByDefault: true },
  { id: 'builtin/search-elasticlunr', factory: searchElasticlunrPlugin, enabledByDefault: false },
  { id: 'builtin/search-records', factory: searchRecordsPlugin, enabledByDefault: true },
  { id: 'builtin/session-store', factory: sessionStorePlugin, enabledByDefault: true },
  { id: 'builtin/session-store-postgres', factory: sessionStorePostgresPlugin, enabledByDefault: false },
  { id: 'builtin/model-scripted', factory: scriptedModelPlugin, enabledByDefault: true },
  { id: 'builtin/model-openai', factory: openAIModelPlugin, enabledByDefault: false },
  { id: 'builtin/model-command', factory: commandModelPlugin, enabledByDefault: false },
  { id: 'builtin/storage-ep', factory: storageEpPlugin, enabledByDefault: true },
  { id: 'builtin/storage-postgres', factory: storagePostgresPlugin, enabledByDefault: false },
  { id: 'builtin/context-pack', factory: contextPackPlugin, enabledByDefault: true },
  { id: 'builtin/context-records', factory: contextRecordsPlugin, enabledByDefault: true },
  { id: 'builtin/context-code', factory: contextCodePlugin, enabledByDefault: true },
];
