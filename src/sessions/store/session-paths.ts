import os from 'node:os';
import path from 'node:path';

/** `$EP_HOME`, or `~/.ep` when it is not set. */
export function resolveEpHome(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const configured = env.EP_HOME?.trim();
  return configured ? path.resolve(configured) : path.join(os.homedir(), '.ep');
}

/** The lock a session's turns are ended under (meta.json and the commit updated together). */
export const TURN_LOCK = '.turn.lock';

/** A session directory's `.gitignore`: meta.json points at the head, so it cannot be part of it. */
export const SESSION_GITIGNORE = `meta.json\n*.tmp\n${TURN_LOCK}\n`;

export interface SessionPaths {
  readonly dir: string;
  readonly log: string;
  readonly meta: string;
}

/** The id must already be validated: it becomes a directory name. */
export function sessionPaths(home: string, sessionId: string): SessionPaths {
  return sessionDirectoryPaths(path.join(home, 'sessions', sessionId));
}

/** The files of the session directory `dir`, wherever it is (an export builds one outside `sessions/` first). */
export function sessionDirectoryPaths(dir: string): SessionPaths {
  return { dir, log: path.join(dir, 'history', 'nodes.jsonl'), meta: path.join(dir, 'meta.json') };
}
