import type { PluginNames } from '../plugin-names.js';

/** One kind of plugin `ep plugins new` scaffolds: the service it provides and the files that implement and test it. */
export interface PluginKind {
  readonly kind: string;
  /** What the scaffolded plugin does, for its README and `--help`. */
  readonly summary: string;
  /** Files under the package root (`src/...`, `test/...`), by relative path. */
  files(names: PluginNames, engine: string): Record<string, string>;
}

/** How a one-service plugin's `src/index.ts` binds its implementation class, exported from `./<name>-<suffix>.js`. */
export interface SingleServicePlugin {
  /** The token, as `ep-runtime/plugin` exports it: `SearchEngine`. */
  readonly token: string;
  /** The implementation's class name after the plugin's own name: `Engine` for `WordStatsEngine`. */
  readonly suffix: string;
  readonly description: string;
  /** `value` binds one instance now; `class` lets the kernel build it on first use (no dependencies). */
  readonly bind: 'value' | 'class';
}

/** The `src/index.ts` of a plugin that provides one single service, chosen by `"providers"` in a project config. */
export function singleServicePluginSource(names: PluginNames, engine: string, plugin: SingleServicePlugin): string {
  const className = `${names.pascal}${plugin.suffix}`;
  const binding =
    plugin.bind === 'value'
      ? `registry.registerValue(${plugin.token}, new ${className}());`
      : `registry.registerClass(${plugin.token}, ${className}, []);`;
  const imports = ['definePlugin', plugin.token].sort((a, b) => a.localeCompare(b)).join(', ');
  return `import { ${imports} } from 'ep-runtime/plugin';
import { ${className} } from './${names.name}-${plugin.suffix.toLowerCase()}.js';

/** Choose it in .edsl/ep.json with "providers": {"ep.${plugin.token}": "${names.id}"}. */
export default definePlugin(() => ({
  id: '${names.id}',
  version: '0.1.0',
  engine: '${engine}',
  description: '${plugin.description}',
  provides: [${plugin.token}],
  register(registry) {
    ${binding}
  },
}));
`;
}
