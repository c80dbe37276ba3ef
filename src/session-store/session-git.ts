import { execa } from 'execa';
import { setTimeout as sleep } from 'node:timers/promises';

const IDENTITY = {
  GIT_AUTHOR_NAME: 'ep', GIT_AUTHOR_EMAIL: 'ep@example.invalid',
  GIT_COMMITTER_NAME: 'ep', GIT_COMMITTER_EMAIL: 'ep@example.invalid',
};

/** Runs git in a session directory with hooks and signing off, so user config cannot interfere. */
async function git(dir: string, args: string[]): Promise<string> {
  const result = await execa('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir, env: IDENTITY, stdin: 'ignore',
  });
  return result.stdout.trim();
}

export async function initSessionRepo(dir: string): Promise<void> {
  await git(dir, ['init', '-q', '-b', 'main']);
}

/**
 * Commits everything in the session directory as one turn; returns the new head, or the current head when
 * nothing changed. A subprocess of the same session may be committing too, so a held index lock is retried.
 */
export async function commitTurn(dir: string, message: string): Promise<string | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await git(dir, ['add', '-A']);
      const status = await git(dir, ['status', '--porcelain']);
      if (status !== '') await git(dir, ['commit', '-q', '--no-verify', '-m', message]);
      return await git(dir, ['rev-parse', '--verify', '-q', 'HEAD']).catch(() => null);
    } catch (error) {
      if (attempt >= 20 || !String((error as Error).message).includes('index.lock')) throw error;
      await sleep(25 + attempt * 25);
    }
  }
}
