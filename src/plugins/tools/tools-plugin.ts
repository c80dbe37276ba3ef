import { definePlugin } from '../../kernel/plugin.js';
import { Tool, ToolRegistry } from '../../skills/tool.js';
import { EP_VERSION } from '../../version.js';

/** The tool registry; every plugin that provides `ep.Tool` contributes to it. */
export const toolsPlugin = definePlugin(() => ({
  id: 'builtin/tools',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Tool registry with JSON Schema validation and read-only enforcement.',
  provides: [ToolRegistry],
  optional: [Tool],
  async register(registry) {
    const { ToolRegistryService } = await import('../../skills/tool-registry.js');
    // The registry takes every contribution of the multi token Tool: the list form passes them as one array.
    registry.registerClass(ToolRegistry, ToolRegistryService, [Tool]);
  },
}));
