import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { Limits, limitExceeded } from '../../limits/limits.js';
import type { LogRecord } from '../call-node.js';
import { validateSessionId } from '../session-id.js';
import { foldRecords, serializeRecord } from './log-format.js';
import { commitTurnHistory, initSessionRepo } from './session-git.js';
import { writeMeta } from './session-meta-file.js';
import { SESSION_GITIGNORE, sessionDirectoryPaths, sessionPaths } from './session-paths.js';
import type { SessionExport, SessionMeta } from './session-store.js';

/** A session as a store other than the file store holds it: its meta, its log in order and its turns. */
export interface SessionHistory {
  readonly meta: SessionMeta;
  readonly records: readonly LogRecord[];
  /** Oldest first; `records` is how many records of the log the turn had when it ended. */
  readonly turns: readonly { readonly message: string; readonly endedAt: string; readonly records: number }[];
}

/**
 * Builds a session's directory in a temporary directory inside `home` (same file system), then renames it to
 * `<home>/sessions/<id>`, so the session appears whole or not at all: a failure removes what was built, and
 * the directories made for it. A session already there is never touched (SESSION_EXISTS). The temporary
 * directory sits beside `sessions/`, not in it, so a file store listing `home` never sees it.
 */
export async function placeSessionDirectory(
  home: string,
  sessionId: string,
  build: (dir: string) => Promise<Omit<SessionExport, 'home' | 'dir'>>,
): Promise<SessionExport> {
  const id = validateSessionId(sessionId);
  const target = sessionPaths(home, id).dir;
  if (existsSync(target)) throw sessionExists(id, home);
  const madeHome = await mkdir(home, { recursive: true }).catch((error: unknown) => {
    throw notADirectory(home, error);
  });
  let madeSessions: string | undefined;
  const temp = await mkdtemp(path.join(home, `.session-export-${id}-`));
  try {
    const built = await build(temp);
    madeSessions = await mkdir(path.dirname(target), { recursive: true });
    if (existsSync(target)) throw sessionExists(id, home);
    await rename(temp, target).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      throw code === 'ENOTEMPTY' || code === 'EEXIST' ? sessionExists(id, home) : error;
    });
    return { ...built, home, dir: target };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    if (madeSessions) await rmdir(madeSessions).catch(() => undefined);
    if (madeHome) await rm(madeHome, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Writes a session in the file store's format into `dir`: `history/nodes.jsonl` (every record, one JSON line
 * each, as the file store appends them), `.gitignore`, a git repository with one commit per turn holding the
 * log as it stood when the turn ended (at the turn's time), and `meta.json` pointing at the last commit.
 */
export async function writeSessionFiles(dir: string, history: SessionHistory): Promise<Omit<SessionExport, 'home' | 'dir'>> {
  const lines = history.records.map((record) => Buffer.from(serializeRecord(record), 'utf8'));
  const log = Buffer.concat(lines);
  if (log.length > Limits.sessionLogBytes) {
    throw limitExceeded(`The log of session ${history.meta.id}`, log.length, Limits.sessionLogBytes, 'bytes', {
      sessionId: history.meta.id,
    });
  }
  // Bytes of the log after n records: what each turn's commit holds.
  const ends = [0];
  for (const line of lines) ends.push(ends[ends.length - 1]! + line.length);
  const paths = sessionDirectoryPaths(dir);
  await mkdir(path.dirname(paths.log), { recursive: true });
  await writeFile(path.join(dir, '.gitignore'), SESSION_GITIGNORE);
  if (log.length > 0) await writeFile(paths.log, log);
  await initSessionRepo(dir);
  const turns = history.turns.map((turn) => ({
    message: turn.message,
    endedAt: turn.endedAt,
    logBytes: ends[Math.min(Math.max(turn.records, 0), lines.length)]!,
  }));
  const head = turns.length > 0 ? await commitTurnHistory(dir, SESSION_GITIGNORE, log, turns) : null;
  await writeMeta(paths, { ...history.meta, turns: turns.length, head });
  return {
    sessionId: history.meta.id,
    turns: turns.length,
    nodes: foldRecords(history.records).length,
    records: history.records.length,
    head,
  };
}

function sessionExists(sessionId: string, home: string): EpError {
  return new EpError(
    'SESSION_EXISTS',
    `${path.join(home, 'sessions', sessionId)} already holds a session; an export never overwrites one.`,
    {
      exitCode: ExitCode.validation,
      details: { sessionId, home },
      suggestion: 'Export to another directory, or delete that session there first.',
    },
  );
}

function notADirectory(home: string, cause: unknown): EpError {
  return new EpError('SESSION_EXPORT_TARGET_INVALID', `Cannot export a session into ${home}: it is not a directory that can be created.`, {
    exitCode: ExitCode.validation,
    details: { home },
    cause,
    suggestion: 'Name a directory (an EP_HOME) to export into; the session goes to <directory>/sessions/<id>.',
  });
}
