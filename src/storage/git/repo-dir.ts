import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BatchObjectReader } from './batch-object-reader.js';
import { GitRunner } from './git-runner.js';
import { assertObjectStoreWithinLimits } from './object-store-check.js';

/**
 * A package's `.git` directory unpacked into a private temporary directory, with everything that could run
 * a command or reach outside left behind. Only git's data files are kept (objects, packs, refs, logs, index,
 * HEAD); `config` is replaced by a plain one, and hooks, attributes, alternates, linked worktrees, lock files
 * and half-written packs (`tmp_*`) are dropped. Directories git needs are created even when the archive
 * lacked them (archives keep no empty directories).
 */
const KEPT_GIT_FILE = new RegExp(
  [
    '^\\.git/(HEAD|description|index|packed-refs|ORIG_HEAD|COMMIT_EDITMSG|info/exclude|objects/info/packs)$',
    '^\\.git/(refs|logs)/([\\w@+-][\\w.@+-]*/)*[\\w@+-][\\w.@+-]*$',
    '^\\.git/objects/[0-9a-f]{2}/[0-9a-f]{38}$',
    '^\\.git/objects/pack/pack-[0-9a-f]{40}\\.(pack|idx|rev)$',
  ].join('|'),
);

const REPO_CONFIG = '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n';

export function isKeptGitFile(name: string): boolean {
  return KEPT_GIT_FILE.test(name) && !name.endsWith('.lock') && !name.split('/').some((part) => part === '..');
}

export class RepoDir {
  readonly git: GitRunner;
  readonly gitDir: string;
  private batchReader: BatchObjectReader | undefined;

  private constructor(readonly root: string) {
    this.gitDir = path.join(root, 'repo', '.git');
    this.git = new GitRunner({ gitDir: this.gitDir, emptyHooksDir: path.join(root, 'no-hooks'), home: path.join(root, 'home') });
  }

  private static async temp(): Promise<RepoDir> {
    const root = await mkdtemp(path.join(tmpdir(), 'ep-package-'));
    const repo = new RepoDir(root);
    await Promise.all([mkdir(path.join(root, 'no-hooks')), mkdir(path.join(root, 'home'))]);
    return repo;
  }

  /** A new repository with `main` as its branch, as EDSL creates one. */
  static async init(): Promise<RepoDir> {
    const repo = await RepoDir.temp();
    try {
      await mkdir(repo.gitDir, { recursive: true });
      await repo.git.run(['init', '-q', '-b', 'main']);
      await rm(path.join(repo.gitDir, 'hooks'), { recursive: true, force: true });
      await writeFile(path.join(repo.gitDir, 'config'), REPO_CONFIG);
      return repo;
    } catch (error) {
      await repo.dispose();
      throw error;
    }
  }

  /**
   * Unpacks the kept `.git` files of an archive (`name` → bytes), then checks the sizes its objects declare
   * (see assertObjectStoreWithinLimits) before anything else runs git on them. `where` names the package.
   */
  static async extract(files: ReadonlyMap<string, () => Uint8Array>, where: string): Promise<RepoDir> {
    const repo = await RepoDir.temp();
    try {
      const names = [...files.keys()].filter(isKeptGitFile);
      const present = new Set(names);
      const made = new Set<string>();
      for (const dir of ['refs/heads', 'refs/tags', 'objects/info', 'objects/pack', 'info']) {
        await mkdir(path.join(repo.gitDir, dir), { recursive: true });
      }
      for (const name of names) {
        // An index without its pack (an archive taken mid-repack) would make git fail on every read.
        if (name.endsWith('.idx') && !present.has(`${name.slice(0, -4)}.pack`)) continue;
        const target = path.join(path.dirname(repo.gitDir), name);
        const dir = path.dirname(target);
        if (!made.has(dir)) {
          await mkdir(dir, { recursive: true });
          made.add(dir);
        }
        let data = files.get(name)!();
        const head = name === '.git/HEAD' ? Buffer.from(data).toString('utf8') : '';
        if (name === '.git/HEAD' && (!/^(ref: refs\/heads\/[\w.@+/-]+|[0-9a-f]{40})\n?$/.test(head) || head.includes('..'))) {
          data = Buffer.from('ref: refs/heads/main\n');
        }
        await writeFile(target, data);
      }
      if (!present.has('.git/HEAD')) await writeFile(path.join(repo.gitDir, 'HEAD'), 'ref: refs/heads/main\n');
      await writeFile(path.join(repo.gitDir, 'config'), REPO_CONFIG);
      await assertObjectStoreWithinLimits(repo.git, where);
      return repo;
    } catch (error) {
      await repo.dispose();
      throw error;
    }
  }

  reader(): BatchObjectReader {
    this.batchReader ??= new BatchObjectReader(this.git);
    return this.batchReader;
  }

  /** The branch HEAD points at (`main`), or undefined when detached. */
  async headBranch(): Promise<string | undefined> {
    const head = (await readFile(path.join(this.gitDir, 'HEAD'), 'utf8')).trim();
    return /^ref: refs\/heads\/(.+)$/.exec(head)?.[1];
  }

  /** A loose ref's value read from its file, without running git; undefined when not a loose ref. */
  async looseRef(ref: string): Promise<string | undefined> {
    if (!/^refs\/[\w./-]+$/.test(ref) || ref.includes('..')) return undefined;
    const value = (await readFile(path.join(this.gitDir, ref), 'utf8').catch(() => '')).trim();
    return /^[0-9a-f]{40}$/.test(value) ? value : undefined;
  }

  async refValue(ref: string): Promise<string | undefined> {
    if (ref.startsWith('-') || /[\s\0]/.test(ref)) return undefined;
    try {
      return (await this.git.run(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim() || undefined;
    } catch {
      return undefined;
    }
  }

  /** Every kept file under `.git`, as archive member names. */
  async gitFiles(): Promise<string[]> {
    const base = path.dirname(this.gitDir);
    const out: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (entry.isFile()) {
          const name = path.relative(base, full).split(path.sep).join('/');
          if (name === '.git/config' || isKeptGitFile(name)) out.push(name);
        }
      }
    };
    await walk(this.gitDir);
    return out.sort();
  }

  async readGitFile(name: string): Promise<Buffer> {
    return readFile(path.join(path.dirname(this.gitDir), name));
  }

  async dispose(): Promise<void> {
    try {
      await this.batchReader?.close();
    } finally {
      await rm(this.root, { recursive: true, force: true });
    }
  }
}
