import { AsyncLocalStorage } from 'node:async_hooks';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { EpError } from '../../kernel/errors.js';
import { processSlot } from '../../kernel/process-registry.js';

/**
 * Where a caller may name packages: the directories it may read under, and how it is told no. An entry
 * point that serves callers it does not trust with the whole disk (the MCP server) runs each call inside
 * one; the active contexts stay readable, since the user chose them.
 */
export interface PathScope {
  /** Absolute real paths of the directories paths may lie under. */
  roots(): Promise<readonly string[]>;
  /** The error for a path outside every root. */
  refuse(shown: string, roots: readonly string[]): EpError;
}

const current = processSlot('path-scope', 1, () => new AsyncLocalStorage<PathScope>());

/** Runs `body` with paths named inside it limited to `scope` (see assertPathsInScope). */
export function withPathScope<T>(scope: PathScope, body: () => Promise<T>): Promise<T> {
  return current.run(scope, body);
}

/**
 * Inside a path scope, every named path must be one of the `allowed` ones (the active contexts) or lie
 * under a root once symbolic links are followed, so a link inside a root cannot lead out of it. Outside
 * any scope (the CLI, the library), every path is the user's own choice.
 */
export async function assertPathsInScope(
  paths: readonly { absolute: string; shown: string }[],
  allowed: () => Promise<readonly string[]>,
): Promise<void> {
  const scope = current.getStore();
  if (!scope) return;
  const roots = await scope.roots();
  for (const { absolute, shown } of paths) {
    const real = await realPathOfNearest(absolute);
    if (roots.some((root) => isWithin(real, root)) || (await allowed()).includes(absolute)) continue;
    throw scope.refuse(shown, roots);
  }
}

export function isWithin(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** The real path of `file`, or of its nearest existing ancestor with the rest appended (a package yet to be made). */
export async function realPathOfNearest(file: string): Promise<string> {
  const rest: string[] = [];
  for (let dir = path.resolve(file); ; dir = path.dirname(dir)) {
    const real = await realpath(dir).catch(() => undefined);
    if (real !== undefined) return path.join(real, ...rest.reverse());
    if (path.dirname(dir) === dir) return path.resolve(file);
    rest.push(path.basename(dir));
  }
}
