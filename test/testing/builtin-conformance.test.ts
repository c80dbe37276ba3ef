import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { createEp } from '../../src/api/ep.js';
import { ElasticlunrSearchEngine } from '../../src/search/elasticlunr/elasticlunr-engine.js';
import { searchBm25Plugin } from '../../src/plugins/search-bm25/search-bm25-plugin.js';
import { searchElasticlunrPlugin } from '../../src/plugins/search-elasticlunr/search-elasticlunr-plugin.js';
import { storageEpPlugin } from '../../src/plugins/storage-ep/storage-ep-plugin.js';
import { sessionStorePlugin } from '../../src/plugins/session-store/session-store-plugin.js';
import { tokenizerPlugin } from '../../src/plugins/tokenizer/tokenizer-plugin.js';
import { contextPackPlugin } from '../../src/plugins/context-pack/context-pack-plugin.js';
import { scriptedModelPlugin } from '../../src/plugins/model-scripted/model-scripted-plugin.js';
import { SearchEngine } from '../../src/search/search-engine.js';
import { PackageStore } from '../../src/storage/package-store-contract.js';
import { SessionStore } from '../../src/sessions/store/session-store.js';
import { sessionPaths } from '../../src/sessions/store/session-paths.js';
import { Tokenizer } from '../../src/tokenizer/tokenizer.js';
import { ContextPacker } from '../../src/context/package/context-packer.js';
import { ModelRuntime } from '../../src/models/model-runtime.js';
import { Tool } from '../../src/skills/tool.js';
import {
  fromPlugin,
  modelRuntimeConformance,
  packageStoreConformance,
  packerConformance,
  runConformance,
  searchEngineConformance,
  sessionStoreConformance,
  tokenizerConformance,
  toolConformance,
  type Subject,
} from '../../src/testing/index.js';

// The built-in plugins pass the kit a third-party plugin author runs, loaded the way an author's plugin is.
await runConformance(searchEngineConformance(fromPlugin(searchBm25Plugin, SearchEngine)), 'builtin/search-bm25');
await runConformance(searchEngineConformance(fromPlugin(searchElasticlunrPlugin, SearchEngine)), 'builtin/search-elasticlunr');
await runConformance(
  searchEngineConformance(() => new ElasticlunrSearchEngine({ boosts: { title: 2 } })),
  'ElasticlunrSearchEngine with boosts',
);
await runConformance(packageStoreConformance(fromPlugin(storageEpPlugin, PackageStore), { savesHistory: true }), 'builtin/storage-ep');
await runConformance(
  sessionStoreConformance(fromPlugin(sessionStorePlugin, SessionStore), {
    tearLog: (store, sessionId) => appendFile(sessionPaths(store.home, sessionId).log, '{"id":"torn","kind":"call","na'),
    exportsToFiles: true,
  }),
  'builtin/session-store',
);
await runConformance(tokenizerConformance(fromPlugin(tokenizerPlugin, Tokenizer)), 'builtin/tokenizer (cl100k_base)');
await runConformance(
  tokenizerConformance(fromPlugin(tokenizerPlugin, Tokenizer, { options: { encoding: 'o200k_base' } })),
  'builtin/tokenizer (o200k_base)',
);
await runConformance(
  tokenizerConformance(fromPlugin(tokenizerPlugin, Tokenizer, { options: { mode: 'estimate' } })),
  'builtin/tokenizer (estimate)',
);
await runConformance(packerConformance(fromPlugin(contextPackPlugin, ContextPacker)), 'builtin/context-pack');
await runConformance(modelRuntimeConformance(fromPlugin(scriptedModelPlugin, ModelRuntime)), 'builtin/model-scripted');

/** A built-in tool as the default runtime contributes it (built-ins cannot be loaded a second time beside themselves). */
function builtinTool(name: string): Subject<Tool> {
  return async (context) => {
    const ep = await createEp({ cwd: context.dir, env: { ...process.env, EP_HOME: path.join(context.dir, '.ep-home') } });
    context.onCleanup(() => ep.shutdown());
    const tool = ep.getAll(Tool).find((candidate) => candidate.name === name);
    if (!tool) throw new Error(`No built-in tool ${name}.`);
    return tool;
  };
}

await runConformance(
  toolConformance(builtinTool('builtin/search-records'), {
    validInputs: [
      {
        records: [
          { key: 'a', summary: 'pricing pilot' },
          { key: 'b', summary: 'survey' },
        ],
        query: 'pricing',
      },
      { records: [], query: 'x', topK: 1 },
    ],
    invalidInputs: [{ query: 'no records' }, { records: 'not a list', query: 'x' }, { records: [], query: 'x', topK: -1 }],
  }),
  'builtin/search-records',
);
await runConformance(
  toolConformance(builtinTool('builtin/get-context-budget'), { validInputs: [{}], invalidInputs: [{ unknown: true }] }),
  'builtin/get-context-budget',
);
