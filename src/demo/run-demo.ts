import { describePlugins } from '../runtime/describe-plugins.js';
import { EpRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import { RuntimeSettings, SessionStore, ToolRegistry } from '../kernel/tokens.js';
import { ScriptedModelRuntime } from '../models/scripted-model.js';
import { withSession } from '../session/session-context.js';
import { renderSessionTree } from '../session/session-tree.js';

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
    const session = await runDemoSession(runtime, narrate);
    return {
      data: {
        plugins: plugins.map(({ id, version, provides, requires }) => ({ id, version, provides, requires })),
        tools: tools.map(({ name, capabilities }) => ({ name, capabilities })),
        session,
      },
      notes: [`See the session's DAG with: ep session show ${session.id} --tree`],
    };
  } finally {
    await runtime.shutdown();
  }
}

/** The session part: a small agent run with the scripted model, in a session whose id is printed. */
async function runDemoSession(runtime: EpRuntime, narrate: (line: string) => void) {
  const { DemoAgent } = await import('./demo-agent.js');
  const model = new ScriptedModelRuntime();
  const store = runtime.get(SessionStore);
  const { sessionId, output } = await withSession({
    store, model, env: runtime.get(RuntimeSettings).env, source: 'demo', idPrefix: 'demo',
    answers: () => 'friendly',
  }, async (session) => ({ sessionId: session.sessionId, output: await new DemoAgent().note({ topic: 'tide pools' }) }));
  const { nodes } = await store.read(sessionId);
  narrate(`3. Session ${sessionId}: note() called outline() and asked the user a question; ${model.prompts.length} prompts reached the scripted model.`);
  for (const line of renderSessionTree(nodes)) narrate(`   ${line}`);
  return {
    id: sessionId,
    output,
    nodes: nodes.map(({ id, kind, name, caller, status }) => ({ id, kind, name, caller, status })),
    firstPrompt: model.prompts[0]?.prompt ?? null,
  };
}
