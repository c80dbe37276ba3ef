import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { assertRegularFileOrMissing, PACKAGE_FILE } from '../../limits/checked-file.js';
import { readJsonFile } from '../../limits/json-text.js';
import { limitExceeded, Limits } from '../../limits/limits.js';
import { findUp } from '../../util/find-up.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { withFileLock } from '../../util/file-lock.js';
import { isDatabaseContext, resolveContextLocation } from './context-location.js';

/** The project-local pointer to the active context packages. */
export const CONTEXT_POINTER_PATH = path.join('.edsl', 'context.json');
const POINTER_LOCK = '.context.json.lock';

export interface ContextPointerData {
  /** Packages read (searched, packed, got from) in order; paths relative to the project directory. */
  readonly active_context_paths: string[];
  /** The package writes go to; relative to the project directory. */
  readonly default_write_context_path: string | null;
}

export interface ContextPointer extends ContextPointerData {
  /** Absolute path of `.edsl/context.json`. */
  readonly file: string;
  /** The directory holding `.edsl/`; stored paths resolve against it from any subdirectory. */
  readonly projectDir: string;
}

export function notConfigured(): EpError {
  return new EpError('CONTEXT_NOT_CONFIGURED', 'No active context path is configured.', {
    exitCode: ExitCode.general,
    suggestion: 'Run `ep context use --path research_context.ep` or pass `--path`.',
  });
}

/** The nearest `.edsl/context.json` walking up from `cwd`, or undefined. */
export async function readContextPointer(cwd: string): Promise<ContextPointer | undefined> {
  const file = findUp(CONTEXT_POINTER_PATH, cwd);
  if (!file) return undefined;
  const invalid = (problem: string) =>
    new EpError('INVALID_CONTEXT_CONFIG', `${file} is invalid: ${problem}.`, {
      exitCode: ExitCode.validation,
      details: { config_path: file },
      suggestion: 'Fix the file, or run `ep context clear` and `ep context use --path ...` again.',
    });
  let raw: unknown;
  try {
    raw = await readJsonFile(file, 'the file');
  } catch (cause) {
    if (cause instanceof EpError) throw cause;
    // Cleared between finding it and reading it: there is no pointer.
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw invalid((cause as Error).message);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalid('the top level must be an object');
  const data = raw as Record<string, unknown>;
  const active = data.active_context_paths ?? [];
  if (!Array.isArray(active) || active.some((entry) => typeof entry !== 'string' || entry === '')) {
    throw invalid('active_context_paths must be a list of paths');
  }
  const write = data.default_write_context_path ?? null;
  if (write !== null && (typeof write !== 'string' || write === '')) throw invalid('default_write_context_path must be a path or null');
  const projectDir = path.dirname(path.dirname(file));
  return {
    file,
    projectDir,
    active_context_paths: onePerPackage(projectDir, active as string[]),
    default_write_context_path: write,
  };
}

/** Each package once, where it first appears: `a.ep` and `./a.ep` are one package, read once. */
export function onePerPackage(baseDir: string, paths: readonly string[]): string[] {
  const seen = new Set<string>();
  return paths.filter((entry) => {
    const absolute = resolveContextLocation(baseDir, entry);
    if (seen.has(absolute)) return false;
    seen.add(absolute);
    return true;
  });
}

/** More packages than one read may combine is refused before any is opened. */
export function assertActiveContextCount(count: number): void {
  if (count > Limits.activeContexts) {
    throw limitExceeded('The number of active context packages', count, Limits.activeContexts, 'packages');
  }
}

export interface UseContextOptions {
  readonly append?: boolean;
  readonly write?: boolean;
}

/**
 * `ep context use`: without flags the package becomes the only active one and the write target; `--append`
 * adds it to the read list (it becomes the write target only when none is set); `--write` makes it the write
 * target (and adds it to the read list when missing).
 */
export async function useContext(cwd: string, packagePath: string, options: UseContextOptions = {}): Promise<ContextPointer> {
  const found = findUp(CONTEXT_POINTER_PATH, cwd);
  const projectDir = found ? path.dirname(path.dirname(found)) : path.resolve(cwd);
  const file = found ?? path.join(projectDir, CONTEXT_POINTER_PATH);
  // A package not made yet is fine (the first write makes it); a device or FIFO is refused now, not at the first read.
  if (!isDatabaseContext(packagePath)) await assertRegularFileOrMissing(path.resolve(cwd, packagePath), PACKAGE_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  // Read, change and write under a lock: two `ep context use --append` at once must both land.
  return withFileLock(path.join(path.dirname(file), POINTER_LOCK), () => updatePointer(cwd, projectDir, file, packagePath, options));
}

async function updatePointer(
  cwd: string,
  projectDir: string,
  file: string,
  packagePath: string,
  options: UseContextOptions,
): Promise<ContextPointer> {
  const existing = await readContextPointer(cwd);
  const stored = isDatabaseContext(packagePath) ? packagePath : toStoredPath(projectDir, path.resolve(cwd, packagePath));
  let active = [...(existing?.active_context_paths ?? [])];
  let write = existing?.default_write_context_path ?? null;
  if (!options.append && !options.write) {
    active = [stored];
    write = stored;
  } else {
    active = onePerPackage(projectDir, [...active, stored]);
    if (options.write || write === null) write = stored;
  }
  assertActiveContextCount(active.length);
  const data: ContextPointerData = { active_context_paths: active, default_write_context_path: write };
  await writeFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`);
  return { ...data, file, projectDir };
}

/**
 * `ep context clear`: removes the pointer; reads then need `--path` again. Under the pointer's lock, like
 * every change to it: a `use --append` running at the same time lands wholly before the clear or after it,
 * never writing back the paths the clear removed.
 */
export async function clearContext(cwd: string): Promise<string | undefined> {
  const file = findUp(CONTEXT_POINTER_PATH, cwd);
  if (!file) return undefined;
  await withFileLock(path.join(path.dirname(file), POINTER_LOCK), () => rm(file, { force: true }));
  return file;
}

/** Paths inside the project are stored relative to it (POSIX separators), so they work from any subdirectory. */
function toStoredPath(projectDir: string, absolute: string): string {
  const relative = path.relative(projectDir, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}

export function resolveStoredPath(pointer: Pick<ContextPointer, 'projectDir'>, stored: string): string {
  return resolveContextLocation(pointer.projectDir, stored);
}
