import { definePlugin } from '../../kernel/plugin.js';
import { ContextSource } from '../../context/assembly/contracts.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { EP_VERSION } from '../../version.js';

export interface ContextFileEntry {
  /** A JSON array of records, or JSON Lines; relative to the working directory. */
  readonly path: string;
  /** The tier the file feeds (default warm). */
  readonly tier?: 'hot' | 'warm' | 'cold';
  /** The deepest record level served from this file (0 key, 1 summary, 2 fields, 3 full record). */
  readonly maxDepth?: number;
}

export interface ContextFilesOptions {
  readonly files?: readonly ContextFileEntry[];
}

/** Context records from files named in the project config, one `ep.ContextSource` per file. */
export const contextFilesPlugin = definePlugin<ContextFilesOptions>((options = {}) => ({
  id: 'builtin/context-files',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Context sources from JSON or JSON Lines record files listed in the config.',
  provides: [ContextSource],
  requires: [RuntimeSettings],
  async register(registry) {
    if (!options.files || options.files.length === 0) return;
    const { contextFileSources } = await import('../../context/assembly/file-context-source.js');
    for (const source of contextFileSources(options.files, registry.get(RuntimeSettings).cwd)) {
      registry.registerValue(ContextSource, source);
    }
  },
}));
