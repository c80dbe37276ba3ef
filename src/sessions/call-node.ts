/**
 * The session DAG. Every call of an agent function, every model call and every question to the user is
 * one node; `caller` links a node to the enclosing call (nesting), `predecessor` links a top-level call to
 * the previous top-level call (conversation order).
 */
export type NodeKind = 'call' | 'model' | 'user';

export type CallStatus = 'running' | 'completed' | 'error' | 'cancelled';
export type UserStatus = 'awaiting' | 'answered' | 'unanswered';
export type NodeStatus = CallStatus | UserStatus;

export interface NodeError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

/** Tokens a model call used, as the model reported them. */
export interface TokenUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly totalTokens?: number;
}

export interface SessionNode {
  readonly id: string;
  readonly kind: NodeKind;
  readonly name: string;
  /** Position in the session, unique and increasing across turns. */
  readonly seq: number;
  readonly turn: string;
  /** The enclosing call, or null for a top-level call. */
  readonly caller: string | null;
  /** The previous top-level call, for top-level calls; null otherwise. */
  readonly predecessor: string | null;
  readonly instructions?: string;
  readonly input: unknown;
  status: NodeStatus;
  output?: unknown;
  error?: NodeError;
  /** For a model call whose model reported it. */
  usage?: TokenUsage;
  readonly createdAt: string;
  endedAt?: string;
  durationMs?: number;
}

/** A change to a node already in the log: the fields that were set when it finished. */
export interface NodeUpdate {
  readonly id: string;
  readonly status: NodeStatus;
  readonly output?: unknown;
  readonly error?: NodeError;
  readonly usage?: TokenUsage;
  readonly endedAt?: string;
  readonly durationMs?: number;
}

/** One line of the session log: a new node (it has `kind`) or an update to one. */
export type LogRecord = SessionNode | NodeUpdate;

export function isNewNode(record: LogRecord): record is SessionNode {
  return (record as SessionNode).kind !== undefined;
}

export function isFinished(node: SessionNode): boolean {
  return node.status !== 'running' && node.status !== 'awaiting';
}
