import { SystemMessage, type BaseMessageLike } from '@langchain/core/messages';
import type { ContextRequestInit, Ep } from '../../index.js';

/**
 * The messages with the assembled context as a system message before them, under the request's budget
 * (`maxTokens`): `model.invoke(await withContext(ep, { purpose, maxTokens: 800 }, messages))`. Nothing is
 * added when nothing matched.
 */
export async function withContext(ep: Ep, request: ContextRequestInit, messages: BaseMessageLike[]): Promise<BaseMessageLike[]> {
  const section = await ep.context.forPrompt(request);
  return section === '' ? messages : [new SystemMessage(section), ...messages];
}
