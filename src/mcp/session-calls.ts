import { ModelRuntime } from '../models/model-runtime.js';
import { RuntimeSettings } from '../kernel/runtime-settings.js';
import { SessionStore } from '../sessions/store/session-store.js';
import { ToolRegistry } from '../skills/tool.js';
import type { EpRuntime } from '../runtime/runtime.js';
import { agentFunction } from '../sessions/agent-function.js';
import { newSessionId, validateSessionId } from '../sessions/session-id.js';
import { openSession } from '../sessions/session-context.js';

/**
 * The MCP server is an entry point like the CLI: every tool call runs inside `openSession`, one session per
 * client connection unless the user names one, and is recorded as a node of that session's DAG with the
 * tool's input (bounded like every recorded value: `Limits.sessionValueBytes`).
 */
export function sessionCallRunner(runtime: EpRuntime, sessionId?: string) {
  const id = sessionId === undefined ? newSessionId('mcp') : validateSessionId(sessionId);
  const run = <T>(toolName: string, input: unknown, body: () => Promise<T>): Promise<T> =>
    openSession(
      {
        sessionId: id,
        store: runtime.get(SessionStore),
        model: runtime.get(ModelRuntime),
        tools: runtime.get(ToolRegistry),
        env: runtime.get(RuntimeSettings).env,
        source: 'mcp',
      },
      () => agentFunction({ name: toolName, instructions: `MCP tool call: ${toolName}` }, (_input: unknown) => body())(input),
    );
  return { sessionId: id, run };
}
