import { definePlugin } from '../../kernel/plugin.js';
import { ModelRuntime } from '../../models/model-runtime.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { EP_VERSION } from '../../version.js';

export interface CommandModelPluginOptions {
  readonly command?: string;
  readonly args?: string[];
  readonly timeoutMs?: number;
}

/**
 * Pipes each prompt to a program (a local model's CLI, say). Not loaded by default: choose it with
 * `"providers": {"ep.ModelRuntime": "builtin/model-command"}`; the command comes from the options or
 * `EP_MODEL_COMMAND` (split on spaces). A command from a project config runs only once that config is trusted.
 */
export const commandModelPlugin = definePlugin<CommandModelPluginOptions>((options = {}) => ({
  id: 'builtin/model-command',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Command model runtime: pipes the prompt to a program through execa.',
  provides: [ModelRuntime],
  requires: [RuntimeSettings],
  // A project config naming the program (or its arguments) runs it: that takes the user's trust.
  codeOptions: ['command', 'args'],
  async register(registry) {
    const { CommandModelRuntime } = await import('../../models/command-model.js');
    registry.registerFactory(ModelRuntime, (services) => {
      const settings = services.get(RuntimeSettings);
      const fromEnv = settings.env.EP_MODEL_COMMAND?.trim().split(/\s+/) ?? [];
      const command = options.command ?? fromEnv[0];
      const args = options.command ? (options.args ?? []) : fromEnv.slice(1);
      return new CommandModelRuntime({
        ...(command ? { command } : {}),
        args,
        cwd: settings.cwd,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
    });
  },
}));
