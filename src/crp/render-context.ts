import type { AssembledContext } from './assembled-context.js';

/**
 * Renders assembled context as a prompt section: one block per fragment, headed by its node and depth,
 * in packing order. Agent functions put this into the model prompt.
 */
export function renderContextForPrompt(context: AssembledContext, heading = 'Context'): string {
  if (context.fragments.length === 0) return '';
  const blocks = context.fragments.map((fragment) => `### ${fragment.ukoNode} (depth ${fragment.detailDepth})\n${fragment.content}`);
  return `## ${heading}\n\n${blocks.join('\n\n')}\n`;
}
