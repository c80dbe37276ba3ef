import type { PluginNames } from '../plugin-names.js';
import { singleServicePluginSource, type PluginKind } from './plugin-kind.js';

/** A model runtime (ep.ModelRuntime) that answers with the prompt's last line: the shape of a real client, without a network. */
export const modelKind: PluginKind = {
  kind: 'model',
  summary: 'provides a model runtime (ep.ModelRuntime) that answers with the last line of the prompt',
  files: (names: PluginNames, engine: string) => ({
    'src/index.ts': singleServicePluginSource(names, engine, {
      token: 'ModelRuntime',
      suffix: 'Runtime',
      description: 'Answers with the last line of the prompt.',
      bind: 'value',
    }),
    [`src/${names.name}-runtime.ts`]: `import type { ModelReply, ModelRequest, ModelRuntime } from 'ep-runtime/plugin';

export class ${names.pascal}Runtime implements ModelRuntime {
  readonly kind = '${names.name}';

  async complete(request: ModelRequest): Promise<ModelReply> {
    // A real client passes the signal to its HTTP request; a cancelled session must never wait for a reply.
    request.signal?.throwIfAborted();
    const lines = request.prompt.split('\\n').filter((line) => line.trim().length > 0);
    return { text: lines.at(-1) ?? '', model: '${names.name}' };
  }
}
`,
    'test/conformance.test.ts': `import { ModelRuntime } from 'ep-runtime/plugin';
import { fromPlugin, modelRuntimeConformance, runConformance } from 'ep-runtime/testing';
import plugin from '../src/index.js';

await runConformance(modelRuntimeConformance(fromPlugin(plugin, ModelRuntime)));
`,
  }),
};
