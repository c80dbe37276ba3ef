import { EpError, ExitCode } from '../kernel/errors.js';
import type { Database } from '../postgres/database.js';
import type { RecordList } from '../records/record-list.js';
import { ScenarioList } from '../records/scenario-list.js';
import { assertScenario, type Scenario } from '../records/scenario.js';
import { stringifyJsonPreservingNumbers } from './json/exact-json-writer.js';
import { parseJsonPreservingNumbers } from './json/record-json-parser.js';
import { DEFAULT_SAVE_MESSAGE } from './package-store-contract.js';
import { contextExists, emptyHistory, versionRecords, versionTime } from './history-versions.js';
import type {
  HistoryVersion,
  LoadedPackage,
  LoadOptions,
  LogEntry,
  PackageChange,
  PackageDiff,
  PackageStore,
  SaveHistoryResult,
  SavedVersion,
  SaveOptions,
  SaveResult,
} from './package-store-contract.js';
import { diffRecords } from './record-diff.js';
import { codebookAt, headOf, writeVersion } from './postgres-context-rows.js';
import { shownUrl } from '../postgres/database-errors.js';
import { isRecordList } from '../records/record-list.js';

/** Whether a path names a context in a database: `postgres:///<name>` or `postgres://host/db/<name>`. */
export function isContextUrl(path: string): boolean {
  return /^postgres(ql)?:\/\//i.test(path);
}

/**
 * The name a context path gives: the last segment of its URL, else the path itself. A URL with a host must
 * name this store's database (`postgres:///<name>` always does).
 */
function contextName(path: string, databaseUrl: string): string {
  if (!isContextUrl(path)) return path;
  const url = new URL(path);
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const name = segments.at(-1);
  if (!name || (url.host !== '' && segments.length !== 2)) {
    throw new EpError(
      'INVALID_PACKAGE',
      `${shownContext(path)} names no context: write postgres:///<name> or postgres://host/database/<name>.`,
      {
        exitCode: ExitCode.usage,
        details: { path: shownContext(path) },
      },
    );
  }
  if (url.host !== '') {
    const store = new URL(databaseUrl);
    const database = decodeURIComponent(store.pathname.replace(/^\//, ''));
    if (url.hostname !== store.hostname || (url.port || '5432') !== (store.port || '5432') || segments[0] !== database) {
      throw new EpError(
        'DATABASE_CONTEXT_ELSEWHERE',
        `${shownContext(path)} is in another database than the one ep uses (${shownUrl(databaseUrl)}).`,
        {
          exitCode: ExitCode.usage,
          details: { path: shownContext(path), database: shownUrl(databaseUrl) },
          suggestion: 'Point EP_DATABASE_URL at that database, or name the context postgres:///<name>.',
        },
      );
    }
  }
  return name;
}

const versionId = (version: number) => `v${version}`;

/**
 * Context records in PostgreSQL with the `.ep` store's contract: each save is a version (`v1`, `v2`, ...) with
 * its message and time, any version reads back whole, and `update` applies its change to the latest version
 * under the context's row lock, in one transaction, so writers in any number of processes lose nothing and
 * a failed write leaves nothing behind. Only the rows a save changes are written.
 */
export class PostgresPackageStore implements PackageStore {
  /** The database, or how to open it on first use (a runtime that never names a database context opens none). */
  constructor(private readonly source: Database | (() => Database)) {}

  private get database(): Database {
    return typeof this.source === 'function' ? this.source() : this.source;
  }

  async load(path: string, options: LoadOptions = {}): Promise<LoadedPackage> {
    const name = contextName(path, this.database.url);
    return this.database.transaction(`reading context ${name}`, async (client) => {
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const head = await headOf(client, name);
      if (head === undefined || head === 0) throw notFound(path);
      const version = resolveRef(path, options.ref, head);
      const { rows } = await client.query<{ record: string }>(
        'SELECT record FROM ep_context_records WHERE context = $1 AND added <= $2 AND (removed IS NULL OR removed > $2) ORDER BY position',
        [name, version],
      );
      const codebook = await codebookAt(client, name, version);
      const records = rows.map((row) => parseJsonPreservingNumbers(row.record) as Scenario);
      return {
        path,
        ref: options.ref ?? 'HEAD',
        commit: versionId(version),
        list: new ScenarioList(records, codebook),
        scenarioIds: records.map((_, index) => String(index)),
        warnings: [],
      };
    });
  }

  save(path: string, list: RecordList, options: SaveOptions = {}): Promise<SaveResult> {
    return this.update(path, () => list, options).then(({ list: _list, ...result }) => result);
  }

  async update(path: string, change: PackageChange, options: SaveOptions = {}): Promise<SaveResult & { list: RecordList }> {
    const name = contextName(path, this.database.url);
    const message = options.message ?? DEFAULT_SAVE_MESSAGE;
    return this.database.transaction(`saving context ${name}`, async (client) => {
      await client.query('INSERT INTO ep_contexts (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
      const { rows: locked } = await client.query<{ head: number }>('SELECT head FROM ep_contexts WHERE name = $1 FOR UPDATE', [name]);
      const head = locked[0]!.head;
      const { rows } = await client.query<{ position: number; record: string }>(
        'SELECT position, record FROM ep_context_records WHERE context = $1 AND removed IS NULL ORDER BY position',
        [name],
      );
      const before = rows.map((row) => row.record);
      const codebook = head > 0 ? await codebookAt(client, name, head) : undefined;
      const latest = new ScenarioList(
        before.map((text) => parseJsonPreservingNumbers(text) as Scenario),
        codebook,
      );
      const next = await change(latest);
      if (!isRecordList(next)) {
        throw new EpError('INVALID_RECORD', `The change to ${path} must return a list of records (a ScenarioList).`, {
          exitCode: ExitCode.validation,
          details: { path },
        });
      }
      [...next].forEach((record, i) => assertScenario(record, `Record ${i} of ${path}`));
      const after = next.toArray().map((record) => recordText(record));
      const codebookText = next.codebook ? JSON.stringify(next.codebook) : null;
      const same = after.length === before.length && after.every((text, position) => before[position] === text);
      const sameCodebook = (codebook ? JSON.stringify(codebook) : null) === codebookText;
      if (head > 0 && same && sameCodebook) {
        return { status: 'unchanged' as const, path, commit: versionId(head), branch: 'main', message, list: next };
      }
      const version = await writeVersion(client, name, { head, before, after, codebook: codebookText, message });
      return { status: 'ok' as const, path, commit: versionId(version), branch: 'main', message, list: next };
    });
  }

  /**
   * The whole history in one transaction: the context's row is created and locked first (a concurrent save
   * of the same new history waits, then finds it there), each version is written with its own time, and
   * nothing is committed until the last one is in, so a refused record or a server gone part-way leaves no
   * context at all.
   */
  async saveHistory(path: string, versions: Iterable<HistoryVersion> | AsyncIterable<HistoryVersion>): Promise<SaveHistoryResult> {
    const name = contextName(path, this.database.url);
    const shown = shownContext(path);
    return this.database.transaction(`saving a history into context ${name}`, async (client) => {
      await client.query('INSERT INTO ep_contexts (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
      const { rows: locked } = await client.query<{ head: number }>('SELECT head FROM ep_contexts WHERE name = $1 FOR UPDATE', [name]);
      if (locked[0]!.head > 0) throw contextExists(shown);
      const saved: SavedVersion[] = [];
      let before: string[] = [];
      for await (const version of versions) {
        const number = saved.length + 1;
        const list = versionRecords(version, shown, number);
        const savedAt = versionTime(version, shown, number);
        const after = list.toArray().map((record) => recordText(record));
        const codebook = list.codebook ? JSON.stringify(list.codebook) : null;
        const written = await writeVersion(client, name, {
          head: saved.length,
          before,
          after,
          codebook,
          message: version.message,
          savedAt,
        });
        saved.push({ commit: versionId(written), message: version.message, timestamp: savedAt.toISOString() });
        before = after;
      }
      if (saved.length === 0) throw emptyHistory(shown);
      return { path, versions: saved };
    });
  }

  async log(path: string, options: { ref?: string } = {}): Promise<LogEntry[]> {
    const name = contextName(path, this.database.url);
    return this.database.transaction(`reading the history of context ${name}`, async (client) => {
      const head = await headOf(client, name);
      if (head === undefined || head === 0) throw notFound(path);
      const upTo = resolveRef(path, options.ref, head);
      const { rows } = await client.query<{ version: number; message: string; saved_at: Date }>(
        'SELECT version, message, saved_at FROM ep_context_versions WHERE context = $1 AND version <= $2 ORDER BY version DESC',
        [name, upTo],
      );
      return rows.map((row) => ({ commit: versionId(row.version), message: row.message, timestamp: row.saved_at.toISOString() }));
    });
  }

  async diff(path: string, from: string, to = 'HEAD', options: { keyField?: string } = {}): Promise<PackageDiff> {
    const before = (await this.load(path, { ref: from })).list.toArray();
    const after = (await this.load(path, { ref: to })).list.toArray();
    return { from, to, ...diffRecords(before, after, options.keyField ?? 'key') };
  }

  async restore(path: string, ref: string, options: SaveOptions = {}): Promise<SaveResult> {
    const older = (await this.load(path, { ref })).list;
    return this.save(path, older, { message: options.message ?? `Restore ${ref}` });
  }

  push(path: string): Promise<never> {
    return Promise.reject(noRemotes(path, 'push'));
  }

  pull(path: string): Promise<never> {
    return Promise.reject(noRemotes(path, 'pull'));
  }

  tag(path: string): Promise<never> {
    return Promise.reject(noRemotes(path, 'tag'));
  }
}

/** A context path as messages show it: a URL without its password, a plain name as it is. */
function shownContext(path: string): string {
  return isContextUrl(path) ? shownUrl(path) : path;
}

function recordText(record: Scenario): string {
  return stringifyJsonPreservingNumbers(record) ?? JSON.stringify(record);
}

/** `HEAD`, `HEAD~n` or a version id `v<n>` of a context whose latest version is `head`. */
function resolveRef(path: string, ref: string | undefined, head: number): number {
  if (ref === undefined || ref === 'HEAD') return head;
  const back = /^HEAD~(\d+)$/.exec(ref);
  const version = back ? head - Number(back[1]) : /^v(\d+)$/.test(ref) ? Number(ref.slice(1)) : Number.NaN;
  if (!Number.isInteger(version) || version < 1 || version > head) {
    throw new EpError('REF_NOT_FOUND', `${shownContext(path)} has no version ${ref}; its versions are v1 to v${head}.`, {
      exitCode: ExitCode.notFound,
      details: { path: shownContext(path), ref, head: versionId(head) },
    });
  }
  return version;
}

function notFound(path: string): EpError {
  return new EpError('FILE_NOT_FOUND', `No context ${shownContext(path)} in the database.`, {
    exitCode: ExitCode.notFound,
    details: { path: shownContext(path) },
    suggestion: 'A first add or upsert creates it.',
  });
}

function noRemotes(path: string, operation: string): EpError {
  return new EpError(
    'NOT_SUPPORTED',
    `A context in PostgreSQL has no git remotes or tags, so it cannot ${operation} (${shownContext(path)}); ` +
      'the database is what every machine shares.',
    {
      exitCode: ExitCode.usage,
      details: { path: shownContext(path), operation },
      suggestion: 'Export it to a .ep package to push it with git.',
    },
  );
}
