import os from 'node:os';
import path from 'node:path';

/** `$EP_HOME`, or `~/.ep` when it is not set. */
export function resolveEpHome(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const configured = env.EP_HOME?.trim();
  return configured ? path.resolve(configured) : path.join(os.homedir(), '.ep');
}

export interface SessionPaths {
  readonly dir: string;
  readonly log: string;
  readonly meta: string;
}

/** The id must already be validated: it becomes a directory name. */
export function sessionPaths(home: string, sessionId: string): SessionPaths {
  const dir = path.join(home, 'sessions', sessionId);
  return { dir, log: path.join(dir, 'history', 'nodes.jsonl'), meta: path.join(dir, 'meta.json') };
}
