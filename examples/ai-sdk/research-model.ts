import { MockLanguageModelV3 } from 'ai/test';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

/**
 * The AI SDK's own mock model, scripted as a small research agent: on the first step it asks for two context
 * tools at once (a search and a get, which the SDK runs in parallel); once their results are in the prompt it
 * answers with the keys the search found.
 */
export function researchModel(query: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'research',
    doGenerate: async (options) => (toolResults(options).length === 0 ? askForContext(query) : answer(toolResults(options))),
  });
}

function askForContext(query: string): GenerateResult {
  return {
    content: [
      { type: 'tool-call', toolCallId: 'call-search', toolName: 'builtin_context_search', input: JSON.stringify({ query, top_k: 3 }) },
      {
        type: 'tool-call',
        toolCallId: 'call-get',
        toolName: 'builtin_context_get',
        input: JSON.stringify({ key: 'constraint.pilot-budget' }),
      },
    ],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: usage(40, 12),
    warnings: [],
  };
}

function answer(results: unknown[]): GenerateResult {
  const search = results.find((result) => Array.isArray((result as { matches?: unknown }).matches)) as
    { matches: { scenario: { key: string } }[] } | undefined;
  const keys = search?.matches.map((match) => match.scenario.key) ?? [];
  return {
    content: [{ type: 'text', text: `Plan from the context: ${keys.join(', ') || 'nothing matched'}.` }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: usage(120, 18),
    warnings: [],
  };
}

/** The tool results the prompt carries (the SDK sends them as JSON outputs). */
function toolResults(options: CallOptions): unknown[] {
  return options.prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) => (part.type === 'tool-result' && part.output.type === 'json' ? [part.output.value] : []))
      : [],
  );
}

function usage(input: number, output: number): GenerateResult['usage'] {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}
