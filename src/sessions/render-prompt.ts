import { isFinished, type SessionNode } from './call-node.js';

export interface PromptParts {
  /** The call asking the model (its instructions and arguments go in), if any. */
  readonly call?: SessionNode;
  /** The session's nodes, in `seq` order. */
  readonly nodes: readonly SessionNode[];
  /** What the function asks for now, beyond its instructions. */
  readonly request?: string;
}

/** The prompt for a model call: instructions, arguments, the session history from the DAG, the request. */
export function renderPrompt(parts: PromptParts): string {
  const sections = [
    `## Instructions\n${parts.call?.instructions ?? '(none)'}`,
    `## Arguments\n${JSON.stringify(parts.call?.input ?? null, null, 2)}`,
    `## History\n${renderHistory(parts.nodes, parts.call) || '(no earlier calls in this session)'}`,
  ];
  if (parts.request !== undefined && parts.request !== '') sections.push(`## Request\n${parts.request}`);
  return `${sections.join('\n\n')}\n`;
}

/**
 * Earlier steps of the session as an indented list: finished calls and questions, except the calls
 * still in progress around `current` (they are what the prompt is for). Model calls are left out: their
 * replies show as the outputs of the calls that made them.
 */
export function renderHistory(nodes: readonly SessionNode[], current?: SessionNode): string {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const open = new Set<string>();
  for (let node = current; node; node = node.caller ? byId.get(node.caller) : undefined) open.add(node.id);
  const shown = nodes.filter((node) => node.kind !== 'model' && isFinished(node) && !open.has(node.id));
  const shownIds = new Set(shown.map((node) => node.id));
  const depth = (node: SessionNode): number => {
    let count = 0;
    for (let caller = node.caller; caller; caller = byId.get(caller)?.caller ?? null) if (shownIds.has(caller)) count += 1;
    return count;
  };
  return shown.map((node) => `${'  '.repeat(depth(node))}- ${describeNode(node)}`).join('\n');
}

/** Longer inputs and outputs are cut in the history: the DAG keeps more (up to `Limits.sessionValueBytes`), the prompt stays bounded. */
export const HISTORY_VALUE_CHARS = 500;

function brief(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  return text.length <= HISTORY_VALUE_CHARS
    ? text
    : `${text.slice(0, HISTORY_VALUE_CHARS)}… (${text.length - HISTORY_VALUE_CHARS} more characters)`;
}

function describeNode(node: SessionNode): string {
  if (node.kind === 'user') {
    const question = (node.input as { question?: unknown } | null)?.question;
    const answer = node.status === 'answered' ? `: ${JSON.stringify(node.output)}` : '';
    return `ask_user ${JSON.stringify(question)} → ${node.status}${answer}`;
  }
  const outcome = node.status === 'completed' ? `: ${brief(node.output)}` : node.error ? `: ${node.error.message}` : '';
  return `${node.name} ${brief(node.input)} → ${node.status}${outcome}`;
}
