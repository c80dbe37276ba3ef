import { closeSync, constants, existsSync, ftruncateSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EpError, ExitCode } from '../../kernel/errors.js';
import type { LogRecord, SessionNode } from '../call-node.js';
import { validateSessionId } from '../session-id.js';
import { assertRegularFileOrMissingSync, notRegularFile, readCheckedFile } from '../../limits/checked-file.js';
import { Limits } from '../../limits/limits.js';
import { foldRecords, parseLog, serializeRecord } from './log-format.js';
import { LogReader } from './log-reader.js';
import { commitTurn, initSessionRepo } from './session-git.js';
import { withFileLock } from '../../util/file-lock.js';
import { readMeta, writeMeta } from './session-meta-file.js';
import { placeSessionDirectory } from './session-export.js';
import { SESSION_GITIGNORE, sessionDirectoryPaths, sessionPaths, TURN_LOCK, type SessionPaths } from './session-paths.js';
import { watchSessionFiles, type SessionWatch, type SessionWatchOptions } from './session-watch.js';
import type { SessionContents, SessionExport, SessionLogContract, SessionMeta, SessionStore } from './session-store.js';

export interface FileSessionStoreOptions {
  /** The directory holding `sessions/` (`$EP_HOME`). */
  readonly home: string;
  /** Commit each turn to the session's git repository (default true). */
  readonly git?: boolean;
}

/**
 * Sessions on disk: `<home>/sessions/<id>/` holds `history/nodes.jsonl` (append-only, one JSON record per
 * line), `meta.json` (written atomically; holds the head commit) and a git repository with one commit per
 * turn. `meta.json` is ignored by git: it points at the head, so it cannot be part of it.
 */
export class FileSessionStore implements SessionStore {
  readonly home: string;
  private readonly git: boolean;
  /** One reader per session log this store has opened, so each turn parses only what was appended since. */
  private readonly readers = new Map<string, LogReader>();

  constructor(options: FileSessionStoreOptions) {
    this.home = options.home;
    this.git = options.git ?? true;
  }

  async open(sessionId: string, options: { source?: string } = {}): Promise<SessionLogContract> {
    const paths = sessionPaths(this.home, validateSessionId(sessionId));
    let created = false;
    if (!existsSync(paths.meta)) {
      await mkdir(path.dirname(paths.log), { recursive: true });
      // Turns may start a new session at once (an MCP client's first calls, two processes given one new id):
      // it is created under the turn lock, by the first of them.
      created = await withFileLock(path.join(paths.dir, TURN_LOCK), async () => {
        if (existsSync(paths.meta)) return false;
        if (this.git) {
          await writeFile(path.join(paths.dir, '.gitignore'), SESSION_GITIGNORE);
          await initSessionRepo(paths.dir);
        }
        const now = new Date().toISOString();
        await writeMeta(paths, {
          id: sessionId,
          createdAt: now,
          updatedAt: now,
          source: options.source ?? 'api',
          turns: 0,
          nodeCount: 0,
          head: null,
        });
        return true;
      });
    }
    let reader = this.readers.get(paths.log);
    if (!reader) this.readers.set(paths.log, (reader = new LogReader(paths.log)));
    return new FileSessionLog(sessionId, paths, created, this.git, reader);
  }

  async exists(sessionId: string): Promise<boolean> {
    return existsSync(sessionPaths(this.home, validateSessionId(sessionId)).meta);
  }

  async list(): Promise<SessionMeta[]> {
    let entries: string[];
    try {
      entries = await readdir(path.join(this.home, 'sessions'));
    } catch {
      return [];
    }
    const metas: SessionMeta[] = [];
    for (const entry of entries) {
      const meta = await readMeta(sessionPaths(this.home, entry)).catch(() => undefined);
      if (meta) metas.push(meta);
    }
    return metas.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
  }

  async read(sessionId: string): Promise<SessionContents> {
    const paths = await this.requireExisting(sessionId);
    const meta = await readMeta(paths);
    const { records, skippedLines } = parseLog(await readLog(paths.log));
    return { meta, nodes: foldRecords(records), skippedLines };
  }

  async delete(sessionId: string): Promise<void> {
    const paths = await this.requireExisting(sessionId);
    this.readers.delete(paths.log);
    await rm(paths.dir, { recursive: true, force: true });
  }

  /**
   * A plain copy of the session's directory (log, meta.json, git history), made under the session's turn lock
   * so no turn ends halfway through it; locks and temporary files are left out.
   */
  async exportToFiles(sessionId: string, home: string): Promise<SessionExport> {
    const source = await this.requireExisting(sessionId);
    return placeSessionDirectory(home, sessionId, (dir) =>
      withFileLock(path.join(source.dir, TURN_LOCK), async () => {
        await cp(source.dir, dir, { recursive: true, errorOnExist: true, force: false, filter: (file) => !isTransient(source.dir, file) });
        const copied = sessionDirectoryPaths(dir);
        const meta = await readMeta(copied);
        const { records } = parseLog(await readLog(copied.log));
        return { sessionId, turns: meta.turns, nodes: foldRecords(records).length, records: records.length, head: meta.head };
      }),
    );
  }

  watch(sessionId: string, onChange: () => void, options: SessionWatchOptions = {}): SessionWatch {
    return watchSessionFiles(sessionPaths(this.home, validateSessionId(sessionId)), onChange, options);
  }

  private async requireExisting(sessionId: string): Promise<SessionPaths> {
    const paths = sessionPaths(this.home, validateSessionId(sessionId));
    if (!existsSync(paths.meta)) {
      throw new EpError('SESSION_NOT_FOUND', `No session ${sessionId} in ${path.join(this.home, 'sessions')}.`, {
        exitCode: ExitCode.notFound,
        details: { sessionId, home: this.home },
        suggestion: 'Run `ep session list` to see the sessions, or check EP_HOME.',
      });
    }
    return paths;
  }
}

class FileSessionLog implements SessionLogContract {
  private fd: number | undefined;

  constructor(
    readonly sessionId: string,
    private readonly paths: SessionPaths,
    readonly created: boolean,
    private readonly git: boolean,
    private readonly reader: LogReader,
  ) {}

  async readNodes(): Promise<SessionNode[]> {
    return foldRecords(await this.reader.records());
  }

  append(record: LogRecord): void {
    if (this.fd === undefined) this.fd = openForAppend(this.paths.log);
    // One write per record, on an O_APPEND descriptor: a subprocess appending to the same log never splits it.
    writeSync(this.fd, serializeRecord(record));
  }

  async endTurn(turn: { turnId: string; names: readonly string[]; nodeCount: number }): Promise<void> {
    if (this.fd !== undefined) {
      closeSync(this.fd);
      this.fd = undefined;
    }
    // A parent and its subprocesses end turns in one session: meta and commit are updated under a lock.
    await withFileLock(path.join(this.paths.dir, TURN_LOCK), async () => {
      const meta = await readMeta(this.paths);
      let head = meta.head;
      let turns = meta.turns + 1;
      if (this.git) {
        const names = [...new Set(turn.names)].slice(0, 5).join(', ');
        ({ head, turns } = await commitTurn(this.paths.dir, `Turn ${turn.turnId}${names ? `: ${names}` : ''}`));
      }
      await writeMeta(this.paths, {
        ...meta,
        updatedAt: new Date().toISOString(),
        turns,
        nodeCount: Math.max(meta.nodeCount, turn.nodeCount),
        head,
      });
    });
  }
}

/** What a copy of a session leaves out: its turn lock, half-written files and a lock git left behind. */
function isTransient(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative === TURN_LOCK || relative.endsWith('.tmp') || relative === path.join('.git', 'index.lock');
}

/** The log's text, through the checked reader; a session without a log yet has none. */
async function readLog(file: string): Promise<string> {
  try {
    return (await readCheckedFile(file, { what: `The session log ${file}`, maxBytes: Limits.sessionLogBytes })).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0);

/**
 * Opens the log for appending, only when it is a regular file (or none yet); a torn last line left by a
 * crash is cut off first, so it never ends up mid-file.
 */
function openForAppend(file: string): number {
  const checks = { what: `The session log ${file}`, maxBytes: Limits.sessionLogBytes };
  assertRegularFileOrMissingSync(file, checks);
  const fd = openSync(file, APPEND_FLAGS, 0o666);
  const info = fstatSync(fd);
  if (!info.isFile()) {
    closeSync(fd);
    throw notRegularFile(file, info, checks);
  }
  const size = info.size;
  if (size > 0) {
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    if (last[0] !== 0x0a) ftruncateSync(fd, lastNewlineEnd(fd, size));
  }
  return fd;
}

function lastNewlineEnd(fd: number, size: number): number {
  const chunk = Buffer.alloc(64 * 1024);
  for (let end = size; end > 0;) {
    const start = Math.max(0, end - chunk.length);
    const length = end - start;
    readSync(fd, chunk, 0, length, start);
    const index = chunk.subarray(0, length).lastIndexOf(0x0a);
    if (index >= 0) return start + index + 1;
    end = start;
  }
  return 0;
}
