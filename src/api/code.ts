import { CodeContext } from '../context/code/code-context-contract.js';
import type { RepoMap } from '../context/code/repo-map.js';
import { loadProjectConfig } from '../runtime/loading/project-config.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';

const CODE_PLUGIN = 'builtin/context-code';

export interface CodeMapOptions {
  /** Tokens the map may use (default 1024). */
  readonly tokenBudget?: number;
}

/** A ranked map of the source tree's definitions within a token budget, from the code context's graph. */
export async function codeMap(options: CodeMapOptions & RuntimeOptions = {}): Promise<RepoMap> {
  const { tokenBudget, ...runtime } = options;
  return withRuntime(runtime, async (started) => started.get(CodeContext).map(tokenBudget === undefined ? {} : { tokenBudget }), [
    CodeContext,
  ]);
}

/**
 * Runtime options reading the source tree under `root` instead of the nearest git work tree: the project
 * config's own options stay, the code plugin's `root` is set (relative to the working directory).
 */
export function withCodeRoot(options: RuntimeOptions, root: string | undefined): RuntimeOptions {
  if (root === undefined) return options;
  const base = options.config?.options ?? loadProjectConfig(options.cwd ?? process.cwd()).options;
  return {
    ...options,
    config: { ...options.config, options: { ...base, [CODE_PLUGIN]: { ...base[CODE_PLUGIN], root } } },
  };
}
