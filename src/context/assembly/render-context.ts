import type { AssembledContext } from './assembled-context.js';

/** The JSON form of assembled context (what `builtin/request-context` returns). */
export interface AssembledContextJson {
  readonly fragments: readonly { readonly uko_node: string; readonly detail_depth: number; readonly content: string }[];
}

/**
 * Renders assembled context as a prompt section: one block per fragment, headed by its node and depth,
 * in packing order. Agent functions put this into the model prompt.
 */
export function renderContextForPrompt(context: AssembledContext, heading = 'Context'): string {
  return renderContextJsonForPrompt(context.toJSON() as unknown as AssembledContextJson, heading);
}

export function renderContextJsonForPrompt(context: AssembledContextJson, heading = 'Context'): string {
  if (context.fragments.length === 0) return '';
  const blocks = context.fragments.map((fragment) => `### ${fragment.uko_node} (depth ${fragment.detail_depth})\n${fragment.content}`);
  return `## ${heading}\n\n${blocks.join('\n\n')}\n`;
}
