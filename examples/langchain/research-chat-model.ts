import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { FakeListChatModel } from '@langchain/core/utils/testing';

/**
 * LangChain's own fake chat model, taught to call tools: on the first turn it asks for two context tools at
 * once (a search and a get, which LangGraph's tool node runs in parallel); once their results are in the
 * messages it answers with the keys the search found.
 */
export class ResearchChatModel extends FakeListChatModel {
  constructor(private readonly query: string) {
    super({ responses: [] });
  }

  override bindTools(): this {
    return this;
  }

  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const results = messages.filter((message) => message.getType() === 'tool');
    const message = results.length === 0 ? this.askForContext() : answer(results);
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }

  private askForContext(): AIMessage {
    return new AIMessage({
      content: '',
      tool_calls: [
        { id: 'call-search', name: 'builtin_context_search', args: { query: this.query, top_k: 3 }, type: 'tool_call' },
        { id: 'call-get', name: 'builtin_context_get', args: { key: 'constraint.pilot-budget' }, type: 'tool_call' },
      ],
      usage_metadata: { input_tokens: 40, output_tokens: 12, total_tokens: 52 },
    });
  }
}

function answer(results: BaseMessage[]): AIMessage {
  const keys = results.flatMap((message) => {
    const output = JSON.parse(message.text) as { matches?: { scenario: { key: string } }[] };
    return output.matches?.map((match) => match.scenario.key) ?? [];
  });
  return new AIMessage({
    content: `Plan from the context: ${keys.join(', ') || 'nothing matched'}.`,
    usage_metadata: { input_tokens: 120, output_tokens: 18, total_tokens: 138 },
  });
}
