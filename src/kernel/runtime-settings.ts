import { createToken } from './token.js';

/** Options for one plugin, from the project config, keyed by plugin id. */
export interface RuntimeSettings {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  optionsFor(pluginId: string): Record<string, unknown>;
}
export const RuntimeSettings = createToken<RuntimeSettings>('ep.RuntimeSettings');
