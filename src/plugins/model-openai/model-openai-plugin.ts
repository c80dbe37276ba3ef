import { definePlugin } from '../../kernel/plugin.js';
import { ModelRuntime } from '../../models/model-runtime.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { EP_VERSION } from '../../version.js';

export interface OpenAIModelPluginOptions {
  readonly baseUrl?: string;
  readonly model?: string;
  readonly apiKey?: string;
  readonly temperature?: number;
  readonly system?: string;
}

/**
 * A client for OpenAI-compatible chat completions servers. Not loaded by default: choose it with
 * `"providers": {"ep.ModelRuntime": "builtin/model-openai"}`. Settings come from these options, then from
 * `EP_MODEL_BASE_URL`, `EP_MODEL` and `EP_MODEL_API_KEY`.
 */
export const openAIModelPlugin = definePlugin<OpenAIModelPluginOptions>((options = {}) => ({
  id: 'builtin/model-openai',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'OpenAI-compatible chat completions client (EP_MODEL_BASE_URL, EP_MODEL, EP_MODEL_API_KEY).',
  provides: [ModelRuntime],
  requires: [RuntimeSettings],
  async register(registry) {
    const { OpenAIChatRuntime, openAIOptionsFrom } = await import('../../models/openai-chat-model.js');
    registry.registerFactory(
      ModelRuntime,
      (services) => new OpenAIChatRuntime(openAIOptionsFrom({ ...options }, services.get(RuntimeSettings).env)),
    );
  },
}));
