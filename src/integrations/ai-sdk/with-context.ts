import type { ContextRequestInit, Ep } from '../../index.js';

/**
 * The call's options with the assembled context before its system prompt, under the request's budget
 * (`maxTokens`): `generateText(await withContext(ep, { purpose, maxTokens: 800 }, { model, prompt }))`.
 * Nothing is added when nothing matched.
 */
export async function withContext<T extends object>(ep: Ep, request: ContextRequestInit, call: T & { system?: string }): Promise<T> {
  const section = await ep.context.forPrompt(request);
  if (section === '') return call;
  return { ...call, system: call.system ? `${section}\n${call.system}` : section };
}
