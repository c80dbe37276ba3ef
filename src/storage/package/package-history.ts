import { stat } from 'node:fs/promises';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { diffRecords } from '../record-diff.js';
import { assertObjectStoreWithinLimits } from '../git/object-store-check.js';
import { RepoDir } from '../git/repo-dir.js';
import { DEFAULT_ZIP_LIMITS } from '../zip/zip-reader.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { OpenPackage, type PackageReadOptions } from './open-package.js';
import { withPackageLock, type LockOptions } from './package-lock.js';
import type { LogEntry, PackageDiff, PushResult, SaveResult } from '../package-store-contract.js';
import { archive } from './package-writer.js';

/** Transports a push or pull may use; `ext::` and other command-running transports stay refused. */
const REMOTE_PROTOCOLS = ['file', 'https', 'ssh', 'git'];

async function withOpened<T>(file: string, limits: PackageReadOptions, body: (opened: OpenPackage) => Promise<T>): Promise<T> {
  const opened = await OpenPackage.open(file, limits);
  try {
    return await body(opened);
  } finally {
    await opened.close();
  }
}

export async function packageLog(file: string, options: { ref?: string; limits?: PackageReadOptions } = {}): Promise<LogEntry[]> {
  return withOpened(file, options.limits ?? DEFAULT_ZIP_LIMITS, async (opened) => {
    const ref = options.ref ?? 'HEAD';
    const repo = await opened.repo();
    const commit = await repo.refValue(ref);
    if (!commit) {
      throw new EpError('REF_NOT_FOUND', `${file} has no commit, branch or tag "${ref}".`, {
        exitCode: ExitCode.notFound,
        details: { path: file, ref },
      });
    }
    const out = await repo.git.run(['log', '--format=%H%x1f%ct%x1f%B%x1e', commit, '--']);
    return out
      .split('\x1e')
      .map((chunk) => chunk.replace(/^\n/, ''))
      .filter((chunk) => chunk.length > 0)
      .map((chunk) => {
        const [commit, seconds, message] = chunk.split('\x1f') as [string, string, string];
        return { commit, message: message.trim(), timestamp: new Date(Number(seconds) * 1000).toISOString() };
      });
  });
}

/** Records added, removed and changed between two refs, matched by `keyField` when every record has one. */
export async function diffPackage(
  file: string,
  from: string,
  to = 'HEAD',
  options: { keyField?: string; limits?: PackageReadOptions } = {},
): Promise<PackageDiff> {
  return withOpened(file, options.limits ?? DEFAULT_ZIP_LIMITS, async (opened) => {
    const before = (await opened.snapshot(from)).list.toArray();
    const after = (await opened.snapshot(to)).list.toArray();
    return { from, to, ...diffRecords(before, after, options.keyField ?? 'key') };
  });
}

/** Pushes the package's current branch to `remote` (a URL or a path to a repository). */
export async function pushPackage(file: string, remote: string, options: { limits?: PackageReadOptions } = {}): Promise<PushResult> {
  checkRemote(remote);
  return withOpened(file, options.limits ?? DEFAULT_ZIP_LIMITS, async (opened) => {
    refuseDetached(opened, file, 'push');
    const branch = opened.gitDir.headRef()?.match(/^refs\/heads\/(.+)$/)?.[1] ?? 'main';
    const repo = await opened.repo();
    const commit = await repo.refValue(`refs/heads/${branch}`);
    if (!commit)
      throw new EpError('REF_NOT_FOUND', `${file} has no branch ${branch} to push.`, {
        exitCode: ExitCode.notFound,
        details: { path: file, branch },
      });
    try {
      await repo.git.run(['push', '--quiet', remote, `refs/heads/${branch}:refs/heads/${branch}`], { protocols: REMOTE_PROTOCOLS });
    } catch (error) {
      throw remoteError('push', remote, error);
    }
    return { remote, branch, commit };
  });
}

/**
 * Brings the remote branch's commits into the package (fast-forward only) and rewrites the archive with
 * the new HEAD; creates the package when the file does not exist yet. Diverged histories are refused.
 */
export async function pullPackage(
  file: string,
  remote: string,
  options: { branch?: string; limits?: PackageReadOptions; lock?: LockOptions } = {},
): Promise<SaveResult> {
  checkRemote(remote);
  const limits = options.limits ?? DEFAULT_ZIP_LIMITS;
  return withPackageLock(
    file,
    async (target) => {
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      const opened = exists ? await OpenPackage.open(target, limits) : undefined;
      let ownRepo: RepoDir | undefined;
      try {
        if (opened) refuseDetached(opened, file, 'pull into');
        const repo = opened ? await opened.repo() : (ownRepo = await RepoDir.init());
        const branch = options.branch ?? (await repo.headBranch()) ?? 'main';
        const local = opened ? await repo.refValue('HEAD') : undefined;
        try {
          await repo.git.run(['fetch', '--quiet', '--no-tags', remote, `refs/heads/${branch}`], { protocols: REMOTE_PROTOCOLS });
        } catch (error) {
          throw remoteError('pull', remote, error);
        }
        // What a remote sends is as untrusted as a package: its sizes are checked before git reads any of it.
        await assertObjectStoreWithinLimits(repo.git, remote);
        const fetched = (await repo.refValue('FETCH_HEAD'))!;
        const result = (status: SaveResult['status'], commit: string) => ({
          status,
          path: file,
          commit,
          branch,
          message: `Pull ${branch} from ${remote}`,
        });
        if (local && (local === fetched || (await isAncestor(repo, fetched, local)))) return result('unchanged', local);
        if (local && !(await isAncestor(repo, local, fetched))) {
          throw new EpError('PULL_DIVERGED', `${file} and ${remote} have diverged on ${branch}; only fast-forward pulls are supported.`, {
            exitCode: ExitCode.remote,
            details: { path: file, remote, branch, local, remoteCommit: fetched },
          });
        }
        await repo.git.run(['update-ref', `refs/heads/${branch}`, fetched]);
        if (!opened) await repo.git.run(['symbolic-ref', 'HEAD', `refs/heads/${branch}`]);
        await repo.git.run(['read-tree', fetched]);
        const files = await treeFiles(repo, fetched);
        if (opened) await opened.snapshot(fetched);
        else if (!files.has('manifest.json')) {
          throw new EpError('INVALID_PACKAGE', `${remote} does not hold a package on ${branch}: manifest.json is missing.`, {
            exitCode: ExitCode.validation,
            details: { remote, branch },
          });
        }
        await writeFileAtomic(target, await archive(repo, { files, managed: new Map(), changed: [], deleted: [] }, opened), 0o600);
        return result('ok', fetched);
      } finally {
        await opened?.close();
        await ownRepo?.dispose();
      }
    },
    options.lock,
  );
}

async function treeFiles(repo: RepoDir, commit: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const line of (await repo.git.run(['ls-tree', '-r', '-z', commit])).split('\0')) {
    const match = /^(\d+) blob ([0-9a-f]{40})\t(.+)$/s.exec(line);
    if (match && match[1]!.startsWith('100')) files.set(match[3]!, match[2]!);
  }
  return files;
}

async function isAncestor(repo: RepoDir, ancestor: string, descendant: string): Promise<boolean> {
  try {
    await repo.git.run(['merge-base', '--is-ancestor', ancestor, descendant]);
    return true;
  } catch {
    return false;
  }
}

/** Push and pull work on a branch; a detached HEAD (EDSL's `git.checkout(sha)`) has none, and EDSL refuses too. */
function refuseDetached(opened: OpenPackage, file: string, action: string): void {
  const commit = opened.gitDir.detachedHead();
  if (commit === undefined) return;
  throw new EpError('DETACHED_HEAD', `Cannot ${action} ${file}: its HEAD is detached at ${commit.slice(0, 12)}, on no branch.`, {
    exitCode: ExitCode.general,
    details: { path: file, commit },
    suggestion: 'Switch the package to a branch first (in EDSL: sl.git.switch("main")).',
  });
}

function checkRemote(remote: string): void {
  if (remote.startsWith('-') || /^[a-z][\w+.-]*::/i.test(remote) || /[\n\r\0]/.test(remote)) {
    throw new EpError('INVALID_REMOTE', `"${remote}" is not an allowed remote (use a path, file://, https:// or ssh URL).`, {
      exitCode: ExitCode.usage,
      details: { remote },
    });
  }
}

function remoteError(action: string, remote: string, error: unknown): EpError {
  return new EpError('REMOTE_FAILED', `Could not ${action} ${remote}: ${(error as Error).message}`, {
    exitCode: ExitCode.remote,
    details: { remote },
    cause: error,
  });
}

const TAG_NAME = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*[/.]$)(?!.*\.lock$)[\w.@+/-]+$/;

/** Tags `ref` (HEAD by default) as `name`, a lightweight tag as `git tag` makes; an existing tag is an error. */
export async function tagPackage(
  file: string,
  name: string,
  options: { ref?: string; limits?: PackageReadOptions; lock?: LockOptions } = {},
): Promise<{ tag: string; commit: string }> {
  if (!TAG_NAME.test(name)) {
    throw new EpError('INVALID_REF', `"${name}" is not a valid tag name.`, {
      exitCode: ExitCode.usage,
      details: { path: file, tag: name },
    });
  }
  return withPackageLock(
    file,
    async (target) =>
      withOpened(target, options.limits ?? DEFAULT_ZIP_LIMITS, async (opened) => {
        const repo = await opened.repo();
        const ref = options.ref ?? 'HEAD';
        const commit = await repo.refValue(ref);
        if (!commit)
          throw new EpError('REF_NOT_FOUND', `${file} has no commit, branch or tag "${ref}".`, {
            exitCode: ExitCode.notFound,
            details: { path: file, ref },
          });
        if (await repo.refValue(`refs/tags/${name}`)) {
          throw new EpError('TAG_EXISTS', `${file} already has a tag "${name}".`, {
            exitCode: ExitCode.validation,
            details: { path: file, tag: name },
          });
        }
        await repo.git.run(['update-ref', `refs/tags/${name}`, commit, '']);
        const files = new Map(opened.worktree());
        await writeFileAtomic(target, await archive(repo, { files, managed: new Map(), changed: [], deleted: [] }, opened), 0o600);
        return { tag: name, commit };
      }),
    options.lock,
  );
}
