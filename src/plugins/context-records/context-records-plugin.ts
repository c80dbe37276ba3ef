import { definePlugin } from '../../kernel/plugin.js';
import { ContextPacker, ContextRecords, ContextSource, PackageStore, RuntimeSettings, SearchEngine, Tokenizer, Tool } from '../../kernel/tokens.js';
import { EP_VERSION } from '../../version.js';

/**
 * `ep context search|get|pack|add|upsert` over the active `.ep` packages, the context tools that wrap it,
 * a warm-tier context source so context requests assemble from the active packages, and a cold one
 * with the records those packages' earlier commits held.
 */
export interface ContextRecordsOptions {
  /** Cache package records by content digest for fast reads (default true). */
  readonly cache?: boolean;
  /** Where the cache lives (default `$EP_HOME/cache/context-packages`, else `~/.cache/ep/context-packages`). */
  readonly cacheDir?: string;
  /** Earlier commits per active package whose superseded records feed the cold tier (default 5; 0 turns it off). */
  readonly historyRevisions?: number;
}

export const contextRecordsPlugin = definePlugin<ContextRecordsOptions>((options = {}) => ({
  id: 'builtin/context-records',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Active context packages: search, get, pack, add, upsert; the context-* tools; warm and cold context sources.',
  provides: [ContextRecords, Tool, ContextSource],
  requires: [RuntimeSettings, PackageStore, SearchEngine, ContextPacker, Tokenizer],
  async register(registry) {
    const [{ ContextRecordsService }, { contextRecordTools }, { activeContextSource }, { defaultCacheDir }, { contextHistorySource }] = await Promise.all([
      import('../../active-context/context-records-service.js'),
      import('../../active-context/context-record-tools.js'),
      import('../../active-context/active-context-source.js'),
      import('../../active-context/package-read-cache.js'),
      import('../../active-context/context-history-source.js'),
    ]);
    let service: InstanceType<typeof ContextRecordsService> | undefined;
    const records = () => (service ??= new ContextRecordsService({
      cwd: registry.get(RuntimeSettings).cwd,
      ...(options.cache === false ? {} : { cacheDir: options.cacheDir ?? defaultCacheDir(registry.get(RuntimeSettings).env) }), store: registry.get(PackageStore), engine: registry.get(SearchEngine),
      packer: registry.get(ContextPacker), tokenizer: registry.get(Tokenizer),
    }));
    registry.registerFactory(ContextRecords, () => records());
    for (const tool of contextRecordTools(records)) registry.registerValue(Tool, tool);
    registry.registerValue(ContextSource, activeContextSource(records));
    if (options.historyRevisions !== 0) {
      registry.registerValue(ContextSource, contextHistorySource(records, options.historyRevisions));
    }
  },
}));
