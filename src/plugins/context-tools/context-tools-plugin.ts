import { definePlugin } from '../../kernel/plugin.js';
import { ContextAssembler, ContextTiers } from '../../context/assembly/contracts.js';
import { Tool } from '../../skills/tool.js';
import { EP_VERSION } from '../../version.js';

/** Contributes the `builtin/context` skill's read-only tools to the tool registry. */
export const contextToolsPlugin = definePlugin(() => ({
  id: 'builtin/context-tools',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'The builtin/context skill tools: request-context, query-history, get-context-budget.',
  provides: [Tool],
  requires: [ContextTiers, ContextAssembler],
  async register(registry) {
    const { contextTools } = await import('../../skills/context/context-tools.js');
    for (const tool of contextTools({ tiers: () => registry.get(ContextTiers), assembler: () => registry.get(ContextAssembler) })) {
      registry.registerValue(Tool, tool);
    }
  },
}));
