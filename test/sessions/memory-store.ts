import type { LogRecord, SessionNode } from '../../src/sessions/call-node.js';
import { foldRecords } from '../../src/sessions/store/log-format.js';
import type { SessionContents, SessionLogContract, SessionMeta, SessionStore } from '../../src/sessions/store/session-store.js';

/** A session store in memory, for unit tests; `failWrites` makes every append throw. */
export class MemorySessionStore implements SessionStore {
  readonly home = '/memory';
  readonly logs = new Map<string, LogRecord[]>();
  readonly turns: string[] = [];
  failWrites = false;

  async open(sessionId: string): Promise<SessionLogContract> {
    const created = !this.logs.has(sessionId);
    if (created) this.logs.set(sessionId, []);
    const records = this.logs.get(sessionId)!;
    return {
      sessionId,
      created,
      async readNodes() {
        return foldRecords(structuredClone(records));
      },
      append: (record) => {
        if (this.failWrites) throw new Error('disk full');
        records.push(structuredClone(record));
      },
      endTurn: async (turn) => {
        this.turns.push(turn.turnId);
      },
    };
  }

  async exists(sessionId: string) {
    return this.logs.has(sessionId);
  }
  async list(): Promise<SessionMeta[]> {
    return [];
  }
  async read(sessionId: string): Promise<SessionContents> {
    const nodes: SessionNode[] = foldRecords(structuredClone(this.logs.get(sessionId) ?? []));
    return {
      meta: { id: sessionId, createdAt: '', updatedAt: '', source: 'test', turns: 0, nodeCount: nodes.length, head: null },
      nodes,
      skippedLines: 0,
    };
  }
  async delete(sessionId: string) {
    this.logs.delete(sessionId);
  }

  nodes(sessionId: string): SessionNode[] {
    return foldRecords(structuredClone(this.logs.get(sessionId) ?? []));
  }
}
