import { requireSession } from './session-context.js';

/**
 * Asks the user a question. The question is recorded as a `user` node (`awaiting`); the session's answer
 * source answers it (a callback, an answers file, or none: `ep` never prompts), and the node becomes
 * `answered` with the answer, or `unanswered` (then the result is undefined).
 */
export async function askUser(question: string): Promise<string | undefined> {
  const state = requireSession('askUser');
  const node = state.writer.begin({ kind: 'user', name: 'ask_user', caller: state.callId, input: { question }, status: 'awaiting' });
  let answer: string | undefined;
  try {
    answer = state.answers ? await state.answers(question) : undefined;
  } catch (error) {
    state.writer.finish(node, { status: 'unanswered', error });
    throw error;
  }
  if (typeof answer === 'string') {
    state.writer.finish(node, { status: 'answered', output: answer });
    return answer;
  }
  state.writer.finish(node, { status: 'unanswered' });
  return undefined;
}
