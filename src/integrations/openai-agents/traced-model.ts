import { withGenerationSpan, type Model, type ModelRequest, type ModelResponse } from '@openai/agents-core';

/**
 * The model with a generation span around each response, carrying its input, output and usage, as the
 * SDK's OpenAI models make for themselves: so a tracing processor (`EpTracingProcessor`) sees the calls of
 * a model of your own. Streamed responses pass through unchanged.
 */
export function tracedModel(model: Model, name = 'model'): Model {
  return {
    getResponse: async (request: ModelRequest): Promise<ModelResponse> => {
      if (request.tracing === false) return model.getResponse(request);
      return withGenerationSpan(
        async (span) => {
          const response = await model.getResponse(request);
          if (request.tracing === true) span.spanData.output = response.output;
          span.spanData.usage = { input_tokens: response.usage.inputTokens, output_tokens: response.usage.outputTokens };
          return response;
        },
        // The input goes in when the span is made, so a processor sees it when the span starts.
        {
          data: {
            model: name,
            model_config: { ...request.modelSettings },
            ...(request.tracing === true ? { input: inputItems(request) } : {}),
          },
        },
      );
    },
    getStreamedResponse: (request) => model.getStreamedResponse(request),
  };
}

/** The model's input as message items: the system instructions first, then the input. */
function inputItems(request: ModelRequest): Record<string, unknown>[] {
  const input = typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : request.input;
  const system = request.systemInstructions ? [{ role: 'system', content: request.systemInstructions }] : [];
  return [...system, ...(input as unknown as Record<string, unknown>[])];
}
