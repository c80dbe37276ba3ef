import { EpError } from '../kernel/errors.js';
import { settleFailure } from './agent-function.js';
import { renderPrompt } from './render-prompt.js';
import { requireSession } from './session-context.js';

/**
 * Asks the session's model from inside an agent function. The prompt is the function's instructions, its
 * arguments and the session history rendered from the DAG, then `request` if given. The call is recorded
 * as a `model` node under the function's node, with the prompt as its input and the reply as its output.
 */
export async function callModel(request?: string): Promise<string> {
  const state = requireSession('callModel');
  const call = state.callId ? state.writer.get(state.callId) : undefined;
  const prompt = renderPrompt({ ...(call ? { call } : {}), nodes: state.writer.nodes, ...(request !== undefined ? { request } : {}) });
  const model = state.model;
  if (!model) {
    throw new EpError('MODEL_NOT_CONFIGURED', `${call?.name ?? 'callModel'} asked for a model, but session ${state.sessionId} has none.`, {
      suggestion: 'Pass `model` to openSession, or run through the ep runtime, which provides the configured ModelRuntime.',
    });
  }
  const node = state.writer.begin({ kind: 'model', name: model.kind, caller: state.callId, input: { prompt } });
  try {
    state.signal?.throwIfAborted();
    const reply = await model.complete({
      prompt,
      ...(call ? { caller: call.name } : {}),
      ...(state.signal ? { signal: state.signal } : {}),
    });
    state.writer.finish(node, { status: 'completed', output: reply.text });
    return reply.text;
  } catch (error) {
    settleFailure(state, node, error);
    throw error;
  }
}
