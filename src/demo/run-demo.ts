import { describePlugins } from '../runtime/describe-plugins.js';
import { EpRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import { ToolRegistry } from '../kernel/tokens.js';

export interface DemoOptions extends RuntimeOptions {
  /** Receives one line per step, for humans (the CLI writes them to stderr). */
  readonly narrate?: (line: string) => void;
}

/**
 * The walkthrough `ep demo` prints: it starts a runtime from the built-in plugins and shows each part
 * the product has, using the same library calls a user would.
 */
export async function runDemo(options: DemoOptions = {}) {
  const narrate = options.narrate ?? (() => undefined);
  const runtime = await EpRuntime.create(options);
  try {
    const plugins = describePlugins(runtime.kernel.plugins);
    narrate(`1. Kernel started with ${plugins.length} plugins, in dependency order:`);
    for (const plugin of plugins) narrate(`   ${plugin.id}@${plugin.version} provides ${plugin.provides.join(', ') || '(nothing)'}`);
    const tools = runtime.get(ToolRegistry).list();
    narrate(`2. Tool registry holds ${tools.length} tools.`);
    return {
      data: {
        plugins: plugins.map(({ id, version, provides, requires }) => ({ id, version, provides, requires })),
        tools: tools.map(({ name, capabilities }) => ({ name, capabilities })),
      },
    };
  } finally {
    await runtime.shutdown();
  }
}
