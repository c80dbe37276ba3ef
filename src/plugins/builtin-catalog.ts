import type { PluginFactory } from '../kernel/plugin.js';
import { diagnosticsPlugin } from './diagnostics/diagnostics-plugin.js';
import { toolsPlugin } from './tools/tools-plugin.js';
import { sessionStorePlugin } from './session-store/session-store-plugin.js';
import { scriptedModelPlugin } from './model-scripted/model-scripted-plugin.js';
import { openAIModelPlugin } from './model-openai/model-openai-plugin.js';
import { commandModelPlugin } from './model-command/model-command-plugin.js';

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
  { id: 'builtin/session-store', factory: sessionStorePlugin, enabledByDefault: true },
  { id: 'builtin/model-scripted', factory: scriptedModelPlugin, enabledByDefault: true },
  { id: 'builtin/model-openai', factory: openAIModelPlugin, enabledByDefault: false },
  { id: 'builtin/model-command', factory: commandModelPlugin, enabledByDefault: false },
];
