import { SessionStore, type SessionContents, type SessionMeta } from '../sessions/store/session-store.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import { renderSessionTree } from '../sessions/session-tree.js';

export async function listSessions(options: RuntimeOptions = {}): Promise<SessionMeta[]> {
  return withRuntime(options, async (runtime) => runtime.get(SessionStore).list());
}

export interface SessionView extends SessionContents {
  /** The DAG as indented lines, when asked for. */
  readonly tree?: string[];
}

export async function showSession(sessionId: string, options: RuntimeOptions & { tree?: boolean } = {}): Promise<SessionView> {
  return withRuntime(options, async (runtime) => {
    const contents = await runtime.get(SessionStore).read(sessionId);
    return options.tree ? { ...contents, tree: renderSessionTree(contents.nodes) } : contents;
  });
}

export async function deleteSession(sessionId: string, options: RuntimeOptions = {}): Promise<{ deleted: string }> {
  return withRuntime(options, async (runtime) => {
    await runtime.get(SessionStore).delete(sessionId);
    return { deleted: sessionId };
  });
}
