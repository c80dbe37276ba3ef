import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// `ignore` is CommonJS: `require` loads it as it is, where an `import()` would have Node's ESM loader scan its
// source for exports, and the optimising compile of that scanner held the process's exit up by some 45 ms.
const require = createRequire(import.meta.url);

export interface DirectoryWalkOptions {
  /** Whether directories whose names start with a dot are entered (`.git` never is). */
  readonly hidden: boolean;
  /** Directories (relative, `/`-separated) not entered: vendored code, the cache, what the caller leaves out. */
  readonly skip: (relativeDir: string, name: string) => boolean;
}

export interface DirectoryWalk {
  /** Every file not ignored, relative to the root, `/`-separated, in walk order. */
  readonly files: string[];
  /**
   * What the walk's answer depends on, as absolute paths: every directory read (an entry added, removed or
   * renamed changes its mtime) and every `.gitignore` honoured (whose edits change no directory).
   */
  readonly dependsOn: string[];
}

/**
 * Walks a tree honouring every `.gitignore` on the way, as git's own walk for untracked files does.
 * Synchronous: a directory listing is one system call, cheaper than a thread-pool round trip per directory.
 */
export function walkDirectories(rootDir: string, options: DirectoryWalkOptions): DirectoryWalk {
  const ignore = require('ignore') as typeof import('ignore');
  type Rules = ReturnType<typeof ignore>;
  const files: string[] = [];
  const dependsOn: string[] = [];
  const visit = (relative: string, rules: { base: string; matcher: Rules }[]): void => {
    const dir = path.join(rootDir, relative);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    dependsOn.push(dir);
    const own = entries.find((entry) => entry.name === '.gitignore' && entry.isFile());
    let scoped = rules;
    if (own) {
      const file = path.join(dir, '.gitignore');
      dependsOn.push(file);
      scoped = [...rules, { base: relative, matcher: ignore().add(readIgnoreFile(file)) }];
    }
    const ignored = (name: string, isDir: boolean) =>
      scoped.some(({ base, matcher }) => {
        const local = path.posix.join(relative, name).slice(base === '' ? 0 : base.length + 1);
        return matcher.ignores(isDir ? `${local}/` : local);
      });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        const hidden = entry.name.startsWith('.') && (!options.hidden || entry.name === '.git');
        if (!hidden && !options.skip(child, entry.name) && !ignored(entry.name, true)) visit(child, scoped);
      } else if (entry.isFile() && !ignored(entry.name, false)) {
        files.push(child);
      }
    }
  };
  visit('', []);
  return { files, dependsOn };
}

function readIgnoreFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
