import { definePlugin } from '../../kernel/plugin.js';
import { ModelRuntime } from '../../models/model-runtime.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { EP_VERSION } from '../../version.js';

export interface ScriptedModelPluginOptions {
  readonly replies?: string[];
  /** JSON Lines file every prompt is appended to; `EP_SCRIPTED_RECORD` sets it too. */
  readonly record?: string;
}

/** The default model runtime: no network, deterministic replies, every prompt recorded. */
export const scriptedModelPlugin = definePlugin<ScriptedModelPluginOptions>((options = {}) => ({
  id: 'builtin/model-scripted',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Scripted model runtime: deterministic replies, records every prompt (EP_SCRIPTED_RECORD).',
  provides: [ModelRuntime],
  requires: [RuntimeSettings],
  async register(registry) {
    const { ScriptedModelRuntime } = await import('../../models/scripted-model.js');
    registry.registerFactory(ModelRuntime, (services) => {
      const record = options.record ?? services.get(RuntimeSettings).env.EP_SCRIPTED_RECORD;
      return new ScriptedModelRuntime({ ...(options.replies ? { replies: options.replies } : {}), ...(record ? { record } : {}) });
    });
  },
}));
