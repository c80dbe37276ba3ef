import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

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

/** One turn of a history to commit: its message, when it ended, and how many bytes of the log it had written. */
export interface TurnCommit {
  readonly message: string;
  readonly endedAt: string;
  readonly logBytes: number;
}

/**
 * Commits a session's turns, oldest first, in a repository made by `initSessionRepo`, as `commitTurn` would
 * have made them one by one: each commit holds `.gitignore` and the log as it stood when the turn ended,
 * authored and committed at that time. One `git fast-import` for all of them (the log's versions are sent
 * as views of one buffer, and stored as deltas); the index is then set to the last commit. Returns the head.
 */
export async function commitTurnHistory(dir: string, gitignore: string, log: Buffer, turns: readonly TurnCommit[]): Promise<string> {
  const { execa } = await import('execa');
  const header = (text: string) => Buffer.from(text, 'utf8');
  const who = `${IDENTITY.GIT_AUTHOR_NAME} <${IDENTITY.GIT_AUTHOR_EMAIL}>`;
  function* stream(): Generator<Buffer> {
    for (const [n, turn] of turns.entries()) {
      const seconds = Math.floor(new Date(turn.endedAt).getTime() / 1000);
      const message = header(`${turn.message}\n`);
      yield header(`commit refs/heads/main\nauthor ${who} ${seconds} +0000\ncommitter ${who} ${seconds} +0000\ndata ${message.length}\n`);
      yield message;
      if (n === 0) {
        const ignore = header(gitignore);
        yield header(`M 100644 inline .gitignore\ndata ${ignore.length}\n`);
        yield ignore;
        yield header('\n');
      }
      // The log only grows: once it has a line, every later commit has it too.
      if (turn.logBytes > 0) {
        yield header(`M 100644 inline history/nodes.jsonl\ndata ${turn.logBytes}\n`);
        yield log.subarray(0, turn.logBytes);
        yield header('\n');
      }
      yield header('\n');
    }
  }
  await execa('git', ['-c', 'core.hooksPath=/dev/null', 'fast-import', '--quiet', '--date-format=raw'], {
    cwd: dir,
    env: IDENTITY,
    input: Readable.from(stream()),
  });
  await git(dir, ['read-tree', 'refs/heads/main']);
  return git(dir, ['rev-parse', '--verify', '-q', 'HEAD']);
}
