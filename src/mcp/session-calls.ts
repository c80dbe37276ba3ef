import { ModelRuntime, RuntimeSettings, SessionStore, ToolRegistry } from '../kernel/tokens.js';
import type { EpRuntime } from '../runtime/runtime.js';
import { agentFunction } from '../session/agent-function.js';
import { newSessionId, validateSessionId } from '../session/session-id.js';
import { withSession } from '../session/session-context.js';

/**
 * The MCP server is an entry point like the CLI: every tool call runs inside `withSession`, one session per
 * client connection unless the user names one, and is recorded as a node of that session's DAG with the
 * tool's input (bounded like every recorded value: `Limits.sessionValueBytes`).
 */
export function sessionCallRunner(runtime: EpRuntime, sessionId?: string) {
  const id = sessionId === undefined ? newSessionId('mcp') : validateSessionId(sessionId);
  const run = <T>(toolName: string, input: unknown, body: () => Promise<T>): Promise<T> => withSession({
    sessionId: id,
    store: runtime.get(SessionStore),
    model: runtime.get(ModelRuntime),
    tools: runtime.get(ToolRegistry),
    env: runtime.get(RuntimeSettings).env,
    source: 'mcp',
  }, () => agentFunction({ name: toolName, instructions: `MCP tool call: ${toolName}` }, (_input: unknown) => body())(input));
  return { sessionId: id, run };
}
