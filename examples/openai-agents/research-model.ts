import { Usage, type Model, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents-core';

/**
 * A model implemented against the Agents SDK's `Model` interface, scripted as a small research agent: on the
 * first turn it asks for two context tools at once (a search and a get, which the runner runs in parallel);
 * once their results are in the input it answers with the keys the search found.
 */
export class ResearchModel implements Model {
  constructor(private readonly query: string) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const results = toolOutputs(request);
    return results.length === 0 ? this.askForContext() : answer(results);
  }

  // eslint-disable-next-line require-yield -- the example's runs never stream
  async *getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('ResearchModel does not stream.');
  }

  private askForContext(): ModelResponse {
    return {
      usage: new Usage({ requests: 1, inputTokens: 40, outputTokens: 12, totalTokens: 52 }),
      output: [
        call('call-search', 'builtin_context_search', { query: this.query, top_k: 3 }),
        call('call-get', 'builtin_context_get', { key: 'constraint.pilot-budget' }),
      ],
    };
  }
}

function call(callId: string, name: string, input: unknown): ModelResponse['output'][number] {
  return { type: 'function_call', callId, name, arguments: JSON.stringify(input), status: 'completed' };
}

function answer(results: unknown[]): ModelResponse {
  const search = results.find((result) => Array.isArray((result as { matches?: unknown }).matches)) as
    { matches: { scenario: { key: string } }[] } | undefined;
  const keys = search?.matches.map((match) => match.scenario.key) ?? [];
  const text = `Plan from the context: ${keys.join(', ') || 'nothing matched'}.`;
  return {
    usage: new Usage({ requests: 1, inputTokens: 120, outputTokens: 18, totalTokens: 138 }),
    output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }],
  };
}

/** The outputs of the tool calls the input carries, parsed from their JSON text. */
function toolOutputs(request: ModelRequest): unknown[] {
  if (typeof request.input === 'string') return [];
  return request.input.flatMap((item) => {
    if (item.type !== 'function_call_result') return [];
    const output = item.output;
    const text = typeof output === 'string' ? output : 'text' in output && typeof output.text === 'string' ? output.text : '';
    try {
      return [JSON.parse(text) as unknown];
    } catch {
      return [text];
    }
  });
}
