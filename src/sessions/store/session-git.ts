import { rm } from 'node:fs/promises';
import path from 'node:path';

const IDENTITY = {
  GIT_AUTHOR_NAME: 'ep',
  GIT_AUTHOR_EMAIL: 'ep@example.invalid',
  GIT_COMMITTER_NAME: 'ep',
  GIT_COMMITTER_EMAIL: 'ep@example.invalid',
};

/** Runs git in a session directory with hooks and signing off, so user config cannot interfere. */
async function git(dir: string, args: string[]): Promise<string> {
  // execa is loaded on first use, so commands that never commit a session skip its start-up cost.
  const { execa } = await import('execa');
  const result = await execa('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    env: IDENTITY,
    stdin: 'ignore',
  });
  return result.stdout.trim();
}

export async function initSessionRepo(dir: string): Promise<void> {
  await git(dir, ['init', '-q', '-b', 'main']);
}

/**
 * Commits everything in the session directory as one turn and returns the new head and the number of
 * turns committed. Every turn is a commit, even when a subprocess of the session already committed this
 * turn's lines with its own turn. Callers hold the session's turn lock, so an index lock left behind can
 * only come from a git killed mid-commit, and is removed.
 */
export async function commitTurn(dir: string, message: string): Promise<{ head: string; turns: number }> {
  await rm(path.join(dir, '.git', 'index.lock'), { force: true });
  await git(dir, ['add', '-A']);
  await git(dir, ['commit', '-q', '--no-verify', '--allow-empty', '-m', message]);
  const head = await git(dir, ['rev-parse', '--verify', '-q', 'HEAD']);
  // Counted from the history, so a turn whose meta.json update was lost to a crash is still counted.
  const turns = Number(await git(dir, ['rev-list', '--count', head]));
  return { head, turns };
}
