import path from 'node:path';
import { EpError, ExitCode } from '../kernel/errors.js';
import { notConfigured, readContextPointer, resolveStoredPath } from './context-pointer.js';

/** Read path resolution: explicit `--path` values, else the nearest pointer's active paths, else an error. */
export async function resolveReadPaths(cwd: string, explicit: readonly string[] = []): Promise<string[]> {
  if (explicit.length > 0) return explicit.map((entry) => path.resolve(cwd, entry));
  const pointer = await readContextPointer(cwd);
  if (!pointer || pointer.active_context_paths.length === 0) throw notConfigured();
  return pointer.active_context_paths.map((stored) => resolveStoredPath(pointer, stored));
}

/** Write path resolution: explicit `--path`, else the pointer's default write path, else an error saying how to set one. */
export async function resolveWritePath(cwd: string, explicit?: string): Promise<string> {
  if (explicit) return path.resolve(cwd, explicit);
  const pointer = await readContextPointer(cwd);
  if (!pointer?.default_write_context_path) {
    throw new EpError('CONTEXT_NOT_CONFIGURED', 'No default write context is configured.', {
      exitCode: ExitCode.general,
      suggestion: 'Run `ep context use --path research_context.ep --write` or pass `--path`.',
    });
  }
  return resolveStoredPath(pointer, pointer.default_write_context_path);
}
