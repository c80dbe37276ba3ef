import { ToolRegistry, type LeftOutTool, type ToolDescriptor } from '../skills/tool.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';

/** The tools the registry serves, and the contributions it left out (each naming its plugin and why). */
export interface ToolListing {
  readonly tools: ToolDescriptor[];
  readonly leftOut: LeftOutTool[];
}

export async function listTools(options: RuntimeOptions = {}): Promise<ToolDescriptor[]> {
  return withRuntime(options, async (runtime) => runtime.get(ToolRegistry).list(), [ToolRegistry]);
}

export async function toolListing(options: RuntimeOptions = {}): Promise<ToolListing> {
  return withRuntime(
    options,
    async (runtime) => {
      const registry = runtime.get(ToolRegistry);
      return { tools: registry.list(), leftOut: registry.leftOut?.() ?? [] };
    },
    [ToolRegistry],
  );
}

export async function callTool(name: string, input: unknown, options: RuntimeOptions = {}): Promise<unknown> {
  return withRuntime(options, async (runtime) => runtime.get(ToolRegistry).call(name, input), [ToolRegistry]);
}
