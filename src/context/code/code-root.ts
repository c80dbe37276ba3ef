import { statSync } from 'node:fs';
import path from 'node:path';

export interface CodeRoot {
  readonly dir: string;
  /** The git directory when the root is a git work tree (`.git` may be a file naming it, in a linked worktree). */
  readonly gitDir?: string;
}

/**
 * The source tree a request reads: the given root, else the nearest directory at or above `cwd` that is a
 * git work tree or holds `.edsl/`. Undefined when there is neither, so a command run in a home directory
 * never walks the whole of it.
 */
export function findCodeRoot(cwd: string, explicit?: string): CodeRoot | undefined {
  if (explicit !== undefined) {
    const dir = path.resolve(cwd, explicit);
    return { dir, ...gitDirOf(dir) };
  }
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const git = gitDirOf(dir);
    if (git.gitDir) return { dir, ...git };
    if (isDirectory(path.join(dir, '.edsl'))) return { dir };
    if (path.dirname(dir) === dir) return undefined;
  }
}

function gitDirOf(dir: string): { gitDir?: string } {
  const marker = path.join(dir, '.git');
  try {
    const stats = statSync(marker);
    if (stats.isDirectory()) return { gitDir: marker };
    if (stats.isFile()) return { gitDir: marker };
  } catch {
    // Not a git work tree.
  }
  return {};
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
