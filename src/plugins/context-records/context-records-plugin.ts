import { definePlugin } from '../../kernel/plugin.js';
import { ContextPacker } from '../../context/package/context-packer.js';
import { ContextRecords } from '../../context/active/context-records-contract.js';
import { ContextSource } from '../../context/assembly/contracts.js';
import { PackageStore } from '../../storage/package-store-contract.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { SearchEngine } from '../../search/search-engine.js';
import { Tokenizer } from '../../tokenizer/tokenizer.js';
import { Tool } from '../../skills/tool.js';
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
    const [{ ContextRecordsService }, { contextRecordTools }, { activeContextSource }, { defaultCacheDir }, { contextHistorySource }] =
      await Promise.all([
        import('../../context/active/context-records-service.js'),
        import('../../skills/context-records/context-record-tools.js'),
        import('../../context/active/active-context-source.js'),
        import('../../context/active/package-read-cache.js'),
        import('../../context/active/context-history-source.js'),
      ]);
    let service: InstanceType<typeof ContextRecordsService> | undefined;
    const records = () =>
      (service ??= new ContextRecordsService({
        cwd: registry.get(RuntimeSettings).cwd,
        ...(options.cache === false ? {} : { cacheDir: options.cacheDir ?? defaultCacheDir(registry.get(RuntimeSettings).env) }),
        store: registry.get(PackageStore),
        engine: registry.get(SearchEngine),
        packer: registry.get(ContextPacker),
        tokenizer: registry.get(Tokenizer),
      }));
    registry.registerFactory(ContextRecords, () => records());
    for (const tool of contextRecordTools(records)) registry.registerValue(Tool, tool);
    registry.registerValue(ContextSource, activeContextSource(records));
    if (options.historyRevisions !== 0) {
      registry.registerValue(ContextSource, contextHistorySource(records, options.historyRevisions));
    }
  },
}));
