import type { LanguageModelMiddleware } from 'ai';
import { currentSession, recordStep, type RecordedStep } from '../../index.js';
import { modelCallInput, ModelReply, type GenerateResult, type StreamPart } from './model-reply.js';

/**
 * An AI SDK language model middleware (`wrapLanguageModel({ model, middleware: sessionRecording() })`) that
 * records every call of the model as a `model` node of the current session, under the call in progress:
 * the prompt and tools offered as its input, the text and tool calls as its output, the usage and timing.
 * Outside a session the model is called as it is, unrecorded.
 */
export function sessionRecording(): LanguageModelMiddleware {
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params, model }) => {
      if (currentSession() === undefined) return doGenerate();
      const step = recordStep({ kind: 'model', name: `${model.provider}:${model.modelId}`, input: modelCallInput(params) });
      try {
        const result: GenerateResult = await doGenerate();
        const reply = new ModelReply();
        for (const part of result.content) reply.addContent(part);
        reply.finish(result.finishReason, result.usage);
        step.complete(reply.output(), { usage: reply.usage });
        return result;
      } catch (error) {
        step.fail(error);
        throw error;
      }
    },
    wrapStream: async ({ doStream, params, model }) => {
      if (currentSession() === undefined) return doStream();
      const step = recordStep({ kind: 'model', name: `${model.provider}:${model.modelId}`, input: modelCallInput(params) });
      try {
        const { stream, ...rest } = await doStream();
        return { ...rest, stream: stream.pipeThrough(recordingStream(step)) };
      } catch (error) {
        step.fail(error);
        throw error;
      }
    },
  };
}

/** Passes the stream through unchanged, and settles the step when it ends (or errors). */
function recordingStream(step: RecordedStep): TransformStream<StreamPart, StreamPart> {
  const reply = new ModelReply();
  let failure: unknown;
  return new TransformStream<StreamPart, StreamPart>({
    transform(part, controller) {
      if (part.type === 'error') failure = part.error;
      else reply.addStreamPart(part);
      controller.enqueue(part);
    },
    flush() {
      if (failure !== undefined) step.fail(failure);
      else step.complete(reply.output(), { usage: reply.usage });
    },
  });
}
