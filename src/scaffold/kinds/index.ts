import { modelKind } from './model-kind.js';
import { packerKind } from './packer-kind.js';
import type { PluginKind } from './plugin-kind.js';
import { searchKind } from './search-kind.js';
import { tokenizerKind } from './tokenizer-kind.js';
import { toolKind } from './tool-kind.js';

export type { PluginKind } from './plugin-kind.js';

/** Every kind `ep plugins new --kind` offers; the first is the default. */
export const PLUGIN_KINDS: readonly PluginKind[] = [toolKind, searchKind, tokenizerKind, packerKind, modelKind];
