/** Declarative description of a throwaway plugin module, written into a scenario's temp directory. */
export interface PluginFixture {
  id: string;
  version?: string;
  engine?: string;
  provides?: string[];
  requires?: string[];
  /** When set, `initialize` throws this message. */
  initializeThrows?: string;
  /** Export the plugin under this name instead of `default` (`none` exports nothing usable). */
  exportName?: string;
}

/**
 * Source of an ESM plugin module for a fixture. Each plugin appends `init:<id>` and `shutdown:<id>` to
 * `EP_LIFECYCLE_LOG` when set, so scenarios can check start and shutdown order.
 */
export function pluginModuleSource(fixture: PluginFixture): string {
  const tokens = (names: string[] = []) => `[${names.map((name) => `Symbol.for(${JSON.stringify(name)})`).join(', ')}]`;
  const plugin = `{
    id: ${JSON.stringify(fixture.id)},
    version: ${JSON.stringify(fixture.version ?? '1.0.0')},
    engine: ${JSON.stringify(fixture.engine ?? '>=0.1.0')},
    provides: ${tokens(fixture.provides)},
    requires: ${tokens(fixture.requires)},
    register(registry) {
      for (const token of ${tokens(fixture.provides)}) registry.registerValue(token, { from: ${JSON.stringify(fixture.id)} });
    },
    async initialize() {
      log('init:' + ${JSON.stringify(fixture.id)});
      ${fixture.initializeThrows ? `throw new Error(${JSON.stringify(fixture.initializeThrows)});` : ''}
    },
    async shutdown() { log('shutdown:' + ${JSON.stringify(fixture.id)}); },
  }`;
  const exportLine =
    fixture.exportName === 'none'
      ? 'export const somethingElse = 1;'
      : fixture.exportName
        ? `export const ${fixture.exportName} = () => (${plugin});`
        : `export default function createPlugin() { return ${plugin}; }`;
  return `import { appendFileSync } from 'node:fs';
const log = (line) => { if (process.env.EP_LIFECYCLE_LOG) appendFileSync(process.env.EP_LIFECYCLE_LOG, line + '\\n'); };
${exportLine}
`;
}

/**
 * A search plugin no built-in resembles: every record scores, the last one highest, whatever the query, so
 * a ranking shows at a glance that this engine, and not BM25, did the work.
 */
export const LAST_FIRST_SEARCH_PLUGIN = `export default function createPlugin() {
  const engine = {
    name: 'last-first',
    buildIndex(documents) {
      const hits = documents.map((_, index) => ({ index, score: index + 1 })).reverse();
      return { size: documents.length, search: (_query, options = {}) => hits.slice(0, options.topK) };
    },
  };
  return {
    id: 'acme/last-first', version: '1.0.0', engine: '>=0.1.0', provides: [Symbol.for('ep.SearchEngine')],
    register(registry) { registry.registerValue(Symbol.for('ep.SearchEngine'), engine); },
  };
}
`;
