import { EpError } from '../kernel/errors.js';
import { renderContextJsonForPrompt } from '../context/assembly/render-context.js';
import { agentFunction } from './agent-function.js';
import { requireSession } from './session-context.js';

/**
 * Calls a tool from inside an agent function, through the runtime's registry (so its input is validated
 * like any other caller's). The call is recorded as a node under the function, with its input and output,
 * so later prompts see it in the history.
 */
export async function useTool(name: string, input: Record<string, unknown> = {}): Promise<unknown> {
  const state = requireSession(`useTool(${name})`);
  const tools = state.tools;
  if (!tools) {
    throw new EpError('TOOLS_NOT_CONFIGURED', `useTool(${name}) ran in session ${state.sessionId}, which has no tool registry.`, {
      suggestion: 'Run the agent through the ep runtime (withSession, ep.sessions.run or `ep run`), or pass `tools` to openSession.',
    });
  }
  const descriptor = tools.describe(name);
  return agentFunction({ name, instructions: descriptor.description }, (toolInput: Record<string, unknown>) => tools.call(name, toolInput))(
    input,
  );
}

/**
 * Assembles context for the current task through `builtin/request-context` and renders it as a prompt
 * section, ready to pass to `callModel`: `callModel(await contextForPrompt({ purpose, query }))`.
 */
export async function contextForPrompt(request: Record<string, unknown> & { purpose: string }): Promise<string> {
  return renderContextJsonForPrompt(
    (await useTool('builtin/request-context', request)) as Parameters<typeof renderContextJsonForPrompt>[0],
  );
}
