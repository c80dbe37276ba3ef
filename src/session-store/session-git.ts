import { execa } from 'execa';

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
 * nothing changed. Callers hold the session's turn lock: subprocesses of the same session commit too.
 */
export async function commitTurn(dir: string, message: string): Promise<string | null> {
  await git(dir, ['add', '-A']);
  const staged = await git(dir, ['diff', '--cached', '--name-only']);
  if (staged !== '') await git(dir, ['commit', '-q', '--no-verify', '-m', message]);
  return git(dir, ['rev-parse', '--verify', '-q', 'HEAD']).catch(() => null);
}
