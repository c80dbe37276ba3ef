import { createToken } from '../kernel/token.js';
/** "Send this prompt, get a reply": what agent functions need from a model, whatever serves it. */
export interface ModelRequest {
  /** The whole prompt: instructions, arguments, session history and the request, rendered as text. */
  readonly prompt: string;
  /** The agent function asking, for runtimes that log or route by it. */
  readonly caller?: string;
  /** Aborts the request when the session is cancelled. */
  readonly signal?: AbortSignal;
}

export interface ModelReply {
  readonly text: string;
  /** The model that answered, when the runtime knows it. */
  readonly model?: string;
}

export interface ModelRuntime {
  /** Short name of the runtime (`scripted`, `openai`, `command`), recorded on model nodes. */
  readonly kind: string;
  complete(request: ModelRequest): Promise<ModelReply>;
}

/** The selected model runtime ("send this prompt, get a reply"): scripted by default. */
export const ModelRuntime = createToken<ModelRuntime>('ep.ModelRuntime');
