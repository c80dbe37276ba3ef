import type { ToolDescriptor } from '../skills/tool.js';

/** MCP's hints, derived from the capabilities a tool declares. */
export function toolAnnotations(tool: ToolDescriptor) {
  const readOnly = tool.capabilities.includes('read_only');
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && tool.capabilities.includes('destructive'),
    idempotentHint: tool.capabilities.includes('idempotent'),
    openWorldHint: tool.capabilities.includes('open_world'),
  };
}
