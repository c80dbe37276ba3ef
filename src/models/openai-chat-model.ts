import { EpError, ExitCode } from '../kernel/errors.js';
import type { ModelReply, ModelRequest, ModelRuntime } from './model-runtime.js';

export interface OpenAIChatOptions {
  /** For example `https://api.openai.com/v1` or `http://127.0.0.1:8080/v1`; `/chat/completions` is appended. */
  readonly baseUrl?: string;
  readonly model?: string;
  readonly apiKey?: string;
  readonly temperature?: number;
  /** A system message sent before the prompt. */
  readonly system?: string;
  readonly fetch?: typeof fetch;
}

/** Reads the client's settings from plugin options first, then `EP_MODEL_BASE_URL`, `EP_MODEL`, `EP_MODEL_API_KEY`. */
export function openAIOptionsFrom(options: Record<string, unknown>, env: Readonly<Record<string, string | undefined>>): OpenAIChatOptions {
  const pick = (key: string, variable: string) => (typeof options[key] === 'string' ? options[key] : env[variable]);
  const baseUrl = pick('baseUrl', 'EP_MODEL_BASE_URL');
  const model = pick('model', 'EP_MODEL');
  const apiKey = pick('apiKey', 'EP_MODEL_API_KEY');
  return {
    ...(baseUrl ? { baseUrl } : {}),
    ...(model ? { model } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(typeof options.temperature === 'number' ? { temperature: options.temperature } : {}),
    ...(typeof options.system === 'string' ? { system: options.system } : {}),
  };
}

/** A client for any server speaking the OpenAI chat completions API, over `fetch`. */
export class OpenAIChatRuntime implements ModelRuntime {
  readonly kind = 'openai';

  constructor(private readonly options: OpenAIChatOptions) {}

  async complete(request: ModelRequest): Promise<ModelReply> {
    const model = this.options.model;
    if (!model) {
      throw new EpError('MODEL_NOT_CONFIGURED', 'The OpenAI-compatible model runtime has no model name.', {
        exitCode: ExitCode.validation,
        suggestion: 'Set EP_MODEL (and EP_MODEL_BASE_URL, EP_MODEL_API_KEY), or the plugin options "model", "baseUrl", "apiKey".',
      });
    }
    const url = `${(this.options.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/chat/completions`;
    const messages = [
      ...(this.options.system ? [{ role: 'system', content: this.options.system }] : []),
      { role: 'user', content: request.prompt },
    ];
    const body = { model, messages, ...(this.options.temperature !== undefined ? { temperature: this.options.temperature } : {}) };
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        ...(request.signal ? { signal: request.signal } : {}),
      });
    } catch (cause) {
      if ((cause as Error).name === 'AbortError' || request.signal?.aborted) throw cause;
      throw new EpError('MODEL_REQUEST_FAILED', `Could not reach the model server at ${url}: ${(cause as Error).message}`, {
        exitCode: ExitCode.remote,
        cause,
        details: { url },
      });
    }
    const text = await response.text();
    if (!response.ok) {
      const auth = response.status === 401 || response.status === 403;
      throw new EpError(
        auth ? 'MODEL_AUTH_FAILED' : 'MODEL_REQUEST_FAILED',
        `The model server at ${url} answered ${response.status}: ${text.slice(0, 300)}`,
        {
          exitCode: auth ? ExitCode.auth : ExitCode.remote,
          details: { url, status: response.status },
          ...(auth ? { suggestion: 'Check EP_MODEL_API_KEY (or the plugin option "apiKey").' } : {}),
        },
      );
    }
    let parsed: { model?: string; choices?: { message?: { content?: unknown } }[] };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new EpError('MODEL_REQUEST_FAILED', `The model server at ${url} sent a reply that is not JSON.`, {
        exitCode: ExitCode.remote,
        details: { url },
      });
    }
    const content = parsed.choices?.[0]?.message?.content;
    if (typeof content !== 'string') {
      throw new EpError('MODEL_REQUEST_FAILED', `The model server at ${url} sent no choices[0].message.content.`, {
        exitCode: ExitCode.remote,
        details: { url },
      });
    }
    return { text: content, ...(parsed.model ? { model: parsed.model } : { model }) };
  }
}
