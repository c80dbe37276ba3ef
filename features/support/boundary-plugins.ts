import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './world.js';

/** What a fixture throws: an EpError from `ep-runtime` when it has a code, a plain Error otherwise. */
export interface Thrown {
  message: string;
  code?: string;
  exitCode?: number;
  suggestion?: string;
}

/** A throwaway plugin for the boundary scenarios: tools, a service of its own, hooks, any of which may throw. */
export interface BoundaryPlugin {
  id: string;
  /** Tools it contributes, each answering `{ tool: <name> }` unless it throws or reads the plugin's service. */
  tools?: { name: string; throws?: Thrown; readsService?: boolean }[];
  /** The plugin's own service `acme.Dictionary`, whose factory throws this. */
  serviceThrows?: Thrown;
  initializeThrows?: Thrown;
}

/**
 * Source of an ESM plugin module for a fixture. It imports EpError from the built package by its file URL, as
 * an installed plugin imports it from `ep-runtime`.
 */
export function boundaryPluginSource(plugin: BoundaryPlugin): string {
  const epRuntime = pathToFileURL(path.join(REPO_ROOT, 'dist/src/index.js')).href;
  return `import { EpError } from ${JSON.stringify(epRuntime)};
const Tool = Symbol.for('ep.Tool');
const Dictionary = Symbol.for('acme.Dictionary');
const spec = ${JSON.stringify(plugin)};
const thrown = (what) => what.code
  ? new EpError(what.code, what.message, { exitCode: what.exitCode, suggestion: what.suggestion })
  : new Error(what.message);

export default function createPlugin() {
  return {
    id: spec.id, version: '1.0.0', engine: '>=0.1.0',
    provides: spec.serviceThrows ? [Tool, Dictionary] : [Tool],
    register(registry) {
      if (spec.serviceThrows) registry.registerFactory(Dictionary, () => { throw thrown(spec.serviceThrows); });
      for (const tool of spec.tools ?? []) {
        registry.registerFactory(Tool, (services) => ({
          name: tool.name, description: 'A tool of ' + spec.id + '.', capabilities: ['read_only'],
          inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
          call() {
            if (tool.throws) throw thrown(tool.throws);
            return tool.readsService ? { words: services.get(Dictionary).size } : { tool: tool.name };
          },
        }));
      }
    },
    initialize() { if (spec.initializeThrows) throw thrown(spec.initializeThrows); },
  };
}
`;
}
