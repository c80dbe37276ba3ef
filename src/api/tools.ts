import { ToolRegistry, type ToolDescriptor } from '../skills/tool.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';

export async function listTools(options: RuntimeOptions = {}): Promise<ToolDescriptor[]> {
  return withRuntime(options, async (runtime) => runtime.get(ToolRegistry).list());
}

export async function callTool(name: string, input: unknown, options: RuntimeOptions = {}): Promise<unknown> {
  return withRuntime(options, async (runtime) => runtime.get(ToolRegistry).call(name, input));
}
