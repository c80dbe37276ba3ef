import type { SessionNode } from './call-node.js';

/** The DAG as indented lines, one per node, children under their caller, in `seq` order. */
export function renderSessionTree(nodes: readonly SessionNode[]): string[] {
  const children = new Map<string | null, SessionNode[]>();
  const ids = new Set(nodes.map((node) => node.id));
  for (const node of nodes) {
    const parent = node.caller !== null && ids.has(node.caller) ? node.caller : null;
    const list = children.get(parent) ?? [];
    list.push(node);
    children.set(parent, list);
  }
  const lines: string[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const node of children.get(parent) ?? []) {
      lines.push(`${'  '.repeat(depth)}${label(node)}`);
      visit(node.id, depth + 1);
    }
  };
  visit(null, 0);
  return lines;
}

function label(node: SessionNode): string {
  if (node.kind === 'user') {
    const question = (node.input as { question?: unknown } | null)?.question;
    return `ask_user ${JSON.stringify(question)} [${node.status}${node.status === 'answered' ? `: ${JSON.stringify(node.output)}` : ''}]`;
  }
  const name = node.kind === 'model' ? `model:${node.name}` : node.name;
  return `${name} [${node.status}${node.error ? `: ${node.error.message}` : ''}] ${node.id}`;
}
