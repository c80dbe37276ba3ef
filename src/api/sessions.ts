import path from 'node:path';
import { EpError, ExitCode } from '../kernel/errors.js';
import { RuntimeSettings } from '../kernel/runtime-settings.js';
import { validateSessionId } from '../sessions/session-id.js';
import { SessionStore, type SessionContents, type SessionExport, type SessionMeta } from '../sessions/store/session-store.js';
import { withRuntime, type EpRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import type { SessionWatch, SessionWatchOptions } from '../sessions/store/session-watch.js';
import { renderSessionTree } from '../sessions/session-tree.js';

export async function listSessions(options: RuntimeOptions = {}): Promise<SessionMeta[]> {
  return withRuntime(options, async (runtime) => runtime.get(SessionStore).list(), [SessionStore]);
}

export interface SessionView extends SessionContents {
  /** The DAG as indented lines, when asked for. */
  readonly tree?: string[];
}

export async function showSession(sessionId: string, options: RuntimeOptions & { tree?: boolean } = {}): Promise<SessionView> {
  return withRuntime(
    options,
    async (runtime) => {
      const contents = await runtime.get(SessionStore).read(sessionId);
      return options.tree ? { ...contents, tree: renderSessionTree(contents.nodes) } : contents;
    },
    [SessionStore],
  );
}

export async function deleteSession(sessionId: string, options: RuntimeOptions = {}): Promise<{ deleted: string }> {
  return withRuntime(
    options,
    async (runtime) => {
      await runtime.get(SessionStore).delete(sessionId);
      return { deleted: sessionId };
    },
    [SessionStore],
  );
}

export type { SessionExport };

/**
 * Writes a session in the file store's on-disk format under `<to>/sessions/<id>/` (`to` an `$EP_HOME`-style
 * directory, resolved against the runtime's `cwd`, made when missing), so `EP_HOME=<to> ep session show <id>`
 * reads the same nodes and turns: a session kept in PostgreSQL becomes its log, `meta.json` and one git commit
 * per turn; a session in the file store is copied. Nothing is written when it fails, and a session already
 * there is refused (`SESSION_EXISTS`).
 */
export async function exportSession(sessionId: string, options: RuntimeOptions & { to: string }): Promise<SessionExport> {
  const id = validateSessionId(sessionId);
  return withRuntime(options, async (runtime) => {
    const store = runtime.get(SessionStore);
    if (!store.exportToFiles) {
      throw new EpError('NOT_SUPPORTED', `The configured session store cannot export session ${id} to files.`, {
        exitCode: ExitCode.usage,
        details: { sessionId: id, operation: 'export' },
        suggestion: 'Export from the built-in file or PostgreSQL session store.',
      });
    }
    return store.exportToFiles(id, path.resolve(runtime.get(RuntimeSettings).cwd, options.to));
  });
}

/**
 * Calls `onChange` whenever the session may have changed (a node begun or finished, a turn ended), until the
 * watch is closed: the store's own watch when it has one, else a poll of its contents. The session must exist.
 */
export async function watchSession(
  sessionId: string,
  onChange: () => void,
  options: { runtime: EpRuntime } & SessionWatchOptions,
): Promise<SessionWatch> {
  const store = options.runtime.get(SessionStore);
  const first = await store.read(sessionId);
  if (store.watch) return store.watch(sessionId, onChange, options);
  let last = JSON.stringify(first);
  let stopped = false;
  const poll = setInterval(() => {
    void store.read(sessionId).then(
      (contents) => {
        const now = JSON.stringify(contents);
        if (stopped || now === last) return;
        last = now;
        onChange();
      },
      () => undefined,
    );
  }, options.pollMs ?? 1000);
  return {
    close() {
      stopped = true;
      clearInterval(poll);
    },
  };
}
