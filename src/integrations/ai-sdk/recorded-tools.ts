import type { Tool, ToolExecutionOptions, ToolSet } from 'ai';
import { runAsStep } from '../shared/step-run.js';

/**
 * The same tools, each call recorded as a step of the current session (named by its key, with its input
 * and output) under the call in progress when the model asked for it, so parallel calls land side by side.
 * The AI SDK calls tools itself, outside any model call, so the language model middleware cannot see them.
 */
export function recordTools<T extends ToolSet>(tools: T): T {
  return Object.fromEntries(Object.entries(tools).map(([name, entry]) => [name, recordTool(name, entry)])) as T;
}

function recordTool(name: string, entry: Tool): Tool {
  const execute = entry.execute;
  if (execute === undefined) return entry;
  return {
    ...entry,
    execute: (input: unknown, options: ToolExecutionOptions) =>
      runAsStep({ name, input }, async () => (await execute.call(entry, input, options)) as unknown),
  };
}
