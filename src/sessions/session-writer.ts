import type { SessionLogContract } from './store/session-store.js';
import type { NodeError, NodeKind, NodeStatus, SessionNode, TokenUsage } from './call-node.js';
import { newShortId } from './session-id.js';
import { recordedText, recordedValue } from './recorded-value.js';

export interface NodeStart {
  readonly kind: NodeKind;
  readonly name: string;
  readonly caller: string | null;
  readonly input: unknown;
  readonly instructions?: string;
  readonly status?: NodeStatus;
}

export interface NodeEnd {
  readonly status: NodeStatus;
  readonly output?: unknown;
  readonly error?: unknown;
  readonly usage?: TokenUsage;
}

/**
 * Records one turn's nodes: keeps the session's DAG in memory (for history rendering) and appends every
 * change to the log. Writing never throws into the agent function: a failed write is kept in `failures`
 * and reported when the turn ends, so it can never replace the caller's own error. Every entry point
 * records through here, so this is where what a node records is bounded (`recordedValue`,
 * `Limits.sessionValueBytes`): the log and the DAG in memory hold the same bounded values.
 */
export class SessionWriter {
  private readonly byId = new Map<string, SessionNode>();
  private ordered: SessionNode[] = [];
  private nextSeq = 1;
  private lastTopLevel: string | null = null;
  private readonly names: string[] = [];
  readonly failures: unknown[] = [];

  constructor(
    private readonly log: SessionLogContract,
    readonly turnId: string,
    existing: readonly SessionNode[] = [],
  ) {
    this.absorb(existing);
  }

  get sessionId(): string {
    return this.log.sessionId;
  }

  /** Every node of the session known to this writer, in `seq` order. */
  get nodes(): readonly SessionNode[] {
    return this.ordered;
  }

  get(id: string): SessionNode | undefined {
    return this.byId.get(id);
  }

  begin(start: NodeStart): SessionNode {
    const topLevel = start.kind === 'call' && start.caller === null;
    const node: SessionNode = {
      id: newShortId(start.kind === 'user' ? 'u' : start.kind === 'model' ? 'm' : 'c'),
      kind: start.kind,
      name: recordedText(start.name),
      seq: this.nextSeq++,
      turn: this.turnId,
      caller: start.caller,
      predecessor: topLevel ? this.lastTopLevel : null,
      ...(start.instructions !== undefined ? { instructions: recordedText(start.instructions) } : {}),
      input: recordedValue(start.input),
      status: start.status ?? 'running',
      createdAt: new Date().toISOString(),
    };
    if (topLevel) this.lastTopLevel = node.id;
    this.byId.set(node.id, node);
    this.ordered.push(node);
    this.names.push(node.name);
    this.write(() => this.log.append(node));
    return node;
  }

  finish(node: SessionNode, end: NodeEnd): void {
    const endedAt = new Date();
    const update = {
      id: node.id,
      status: end.status,
      ...(end.output !== undefined ? { output: recordedValue(end.output) } : {}),
      ...(end.error !== undefined ? { error: describeError(end.error) } : {}),
      ...(end.usage !== undefined ? { usage: end.usage } : {}),
      endedAt: endedAt.toISOString(),
      durationMs: endedAt.getTime() - Date.parse(node.createdAt),
    };
    Object.assign(node, update);
    this.write(() => this.log.append(update));
  }

  /** Picks up nodes another process (a subprocess of this session) appended to the log. */
  async refresh(): Promise<void> {
    try {
      this.absorb(await this.log.readNodes());
    } catch (error) {
      this.failures.push(error);
    }
  }

  /** Ends the turn: meta and a commit. Throws when any write of the turn failed. */
  async endTurn(): Promise<void> {
    if (this.names.length > 0) {
      await this.log.endTurn({ turnId: this.turnId, names: this.names, nodeCount: this.ordered.length });
    }
    if (this.failures.length > 0) throw this.failures[0];
  }

  private absorb(nodes: readonly SessionNode[]): void {
    for (const node of nodes) {
      const known = this.byId.get(node.id);
      if (known) Object.assign(known, node);
      else {
        this.byId.set(node.id, node);
        this.ordered.push(node);
      }
      this.nextSeq = Math.max(this.nextSeq, node.seq + 1);
    }
    this.ordered.sort((a, b) => a.seq - b.seq);
    for (let i = this.ordered.length - 1; i >= 0; i -= 1) {
      const node = this.ordered[i]!;
      if (node.kind === 'call' && node.caller === null) {
        if (this.lastTopLevel === null || (this.byId.get(this.lastTopLevel)?.seq ?? 0) < node.seq) this.lastTopLevel = node.id;
        break;
      }
    }
  }

  private write(append: () => void): void {
    try {
      append();
    } catch (error) {
      this.failures.push(error);
    }
  }
}

function describeError(error: unknown): NodeError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      name: recordedText(error.name),
      message: recordedText(error.message),
      ...(typeof code === 'string' ? { code: recordedText(code) } : {}),
    };
  }
  return { name: 'Error', message: recordedText(String(error)) };
}
