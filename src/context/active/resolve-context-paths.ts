import { EpError, ExitCode } from '../../kernel/errors.js';
import { assertActiveContextCount, notConfigured, onePerPackage, readContextPointer, resolveStoredPath } from './context-pointer.js';
import { displayPath } from './package-path.js';
import { assertPathsInScope } from './path-scope.js';
import { resolveContextLocation } from './context-location.js';

/**
 * Read path resolution: explicit `--path` values, else the nearest pointer's active paths, else an error.
 * Each package is read once however often it is named, and no more than the active-context limit.
 */
export async function resolveReadPaths(cwd: string, explicit: readonly string[] = []): Promise<string[]> {
  if (explicit.length > 0) {
    const paths = onePerPackage(cwd, explicit).map((entry) => resolveContextLocation(cwd, entry));
    assertActiveContextCount(paths.length);
    await assertNamedPathsInScope(cwd, paths);
    return paths;
  }
  const pointer = await readContextPointer(cwd);
  if (!pointer || pointer.active_context_paths.length === 0) throw notConfigured();
  assertActiveContextCount(pointer.active_context_paths.length);
  return pointer.active_context_paths.map((stored) => resolveStoredPath(pointer, stored));
}

/** Write path resolution: explicit `--path`, else the pointer's default write path, else an error saying how to set one. */
export async function resolveWritePath(cwd: string, explicit?: string): Promise<string> {
  if (explicit) {
    const absolute = resolveContextLocation(cwd, explicit);
    await assertNamedPathsInScope(cwd, [absolute]);
    return absolute;
  }
  const pointer = await readContextPointer(cwd);
  if (!pointer?.default_write_context_path) {
    throw new EpError('CONTEXT_NOT_CONFIGURED', 'No default write context is configured.', {
      exitCode: ExitCode.general,
      suggestion: 'Run `ep context use --path research_context.ep --write` or pass `--path`.',
    });
  }
  return resolveStoredPath(pointer, pointer.default_write_context_path);
}

/** Named paths must stay in the caller's path scope, if it has one; the pointer's own packages always may be read. */
function assertNamedPathsInScope(cwd: string, paths: readonly string[]): Promise<void> {
  return assertPathsInScope(
    paths.map((absolute) => ({ absolute, shown: displayPath(cwd, absolute) })),
    async () => {
      const pointer = await readContextPointer(cwd).catch(() => undefined);
      if (!pointer) return [];
      const chosen = [...pointer.active_context_paths, ...(pointer.default_write_context_path ? [pointer.default_write_context_path] : [])];
      return chosen.map((stored) => resolveStoredPath(pointer, stored));
    },
  );
}
