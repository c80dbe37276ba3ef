import type { PluginNames } from '../plugin-names.js';

/** One kind of plugin `ep plugins new` scaffolds: the service it provides and the files that implement and test it. */
export interface PluginKind {
  readonly kind: string;
  /** What the scaffolded plugin does, for its README and `--help`. */
  readonly summary: string;
  /** Files under the package root (`src/...`, `test/...`), by relative path. */
  files(names: PluginNames, engine: string): Record<string, string>;
}
