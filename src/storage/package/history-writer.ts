import { stat } from 'node:fs/promises';
import { EpError } from '../../kernel/errors.js';
import { commitWithFastImport } from '../git/fast-import.js';
import { RepoDir } from '../git/repo-dir.js';
import { contextExists, emptyHistory, versionRecords, versionTime } from '../history-versions.js';
import type { HistoryVersion, SaveHistoryResult, SavedVersion } from '../package-store-contract.js';
import { removeStaleTempFiles, writeFileAtomic } from '../../util/atomic-write.js';
import { withPackageLock } from './package-lock.js';
import {
  archive,
  planFiles,
  scenarioDirectory,
  storedJsonOf,
  tidyObjects,
  type FilePlan,
  type PlanBase,
  type WriteOptions,
} from './package-writer.js';

const BRANCH = 'refs/heads/main';

/**
 * Writes a whole history as a new `.ep` package: every version one commit on `main`, in order, authored and
 * committed at the version's time, all in a private repository; the archive is then written beside its
 * place and renamed in, once, under the package's lock. Until that rename nothing exists at `file`, so a
 * failure at any version leaves no package, and a package that exists is never touched (CONTEXT_EXISTS).
 */
export async function writePackageHistory(
  file: string,
  versions: Iterable<HistoryVersion> | AsyncIterable<HistoryVersion>,
  options: Omit<WriteOptions, 'message' | 'limits'> = {},
): Promise<SaveHistoryResult> {
  return withPackageLock(
    file,
    async (target) => {
      if (await exists(target)) throw contextExists(file);
      const repo = await RepoDir.init();
      try {
        const saved: SavedVersion[] = [];
        let base: (PlanBase & { commit: string }) | undefined;
        let plan: FilePlan | undefined;
        for await (const version of versions) {
          const number = saved.length + 1;
          const list = versionRecords(version, file, number);
          const when = versionTime(version, file, number);
          plan = planFiles(list, base, file);
          await commitWithFastImport(repo, {
            ref: BRANCH,
            parent: base?.commit,
            message: version.message,
            when,
            deleted: plan.deleted,
            changed: plan.changed.map((path) => [path, plan!.managed.get(path)!] as const),
            flatDirectories: scenarioDirectory(plan.files),
          });
          const commit = (await repo.looseRef(BRANCH)) ?? (await repo.refValue(BRANCH));
          if (!commit || commit === base?.commit)
            throw new EpError('GIT_FAILED', `Version ${number} of the history for ${file} did not become a commit.`, {
              details: { path: file, version: number },
            });
          base = { commit, files: plan.files, storedJson: storedJsonOf(plan) };
          // git keeps whole seconds: the time reported is the one the commit holds.
          saved.push({ commit, message: version.message, timestamp: new Date(Math.floor(when.getTime() / 1000) * 1000).toISOString() });
        }
        if (!plan || !base) throw emptyHistory(file);
        await repo.git.run(['read-tree', base.commit]);
        const gitFiles = await tidyObjects(repo);
        await removeStaleTempFiles(target);
        await writeFileAtomic(target, await archive(repo, plan, undefined, options.storeRecordsUncompressed === true, gitFiles), 0o600);
        return { path: file, versions: saved };
      } finally {
        await repo.dispose();
      }
    },
    options.lock,
  );
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
