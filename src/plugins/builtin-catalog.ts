import type { PluginFactory } from '../kernel/plugin.js';
import { diagnosticsPlugin } from './diagnostics/diagnostics-plugin.js';
import { toolsPlugin } from './tools/tools-plugin.js';
import { searchBm25Plugin } from './search-bm25/search-bm25-plugin.js';
import { storageEpPlugin } from './storage-ep/storage-ep-plugin.js';
import { contextPackPlugin } from './context-pack/context-pack-plugin.js';

export interface BuiltinPluginEntry {
  readonly id: string;
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
  { id: 'builtin/storage-ep', factory: storageEpPlugin, enabledByDefault: true },
  { id: 'builtin/context-pack', factory: contextPackPlugin, enabledByDefault: true },
];
