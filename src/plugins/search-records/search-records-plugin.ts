import { definePlugin } from '../../kernel/plugin.js';
import { SearchEngine } from '../../search/search-engine.js';
import { Tool } from '../../skills/tool.js';
import { EP_VERSION } from '../../version.js';

/** Contributes the read-only `builtin/search-records` tool, served by whichever search engine is configured. */
export const searchRecordsPlugin = definePlugin(() => ({
  id: 'builtin/search-records',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'The builtin/search-records tool: rank a JSON array of records with the configured search engine.',
  provides: [Tool],
  requires: [SearchEngine],
  async register(registry) {
    const { SearchRecordsTool } = await import('../../skills/records/search-records-tool.js');
    // Its constructor names the SearchEngine token with @inject; the kernel checks it against `requires`.
    registry.registerClass(Tool, SearchRecordsTool);
  },
}));
