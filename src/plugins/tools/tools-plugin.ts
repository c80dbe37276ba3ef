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
    // The registry takes the contributions with their plugins, not the bare tools: it names the plugin of a
    // broken or failing tool and leaves a broken one out instead of failing for every tool.
    registry.registerFactory(ToolRegistry, (services) => new ToolRegistryService(services.contributions(Tool)));
  },
}));
