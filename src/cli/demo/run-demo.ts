import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useContextPath } from '../../api/context-pointer.js';
import { requestContext } from '../../api/context.js';
import { packContext, searchContext, upsertContextRecord, contextHistory } from '../../api/context-records.js';
import { createScenarioPackage } from '../../api/scenarios.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { SessionStore } from '../../sessions/store/session-store.js';
import { ToolRegistry } from '../../skills/tool.js';
import { ScriptedModelRuntime } from '../../models/scripted-model.js';
import { describePlugins } from '../../runtime/describe-plugins.js';
import { EpRuntime, type RuntimeOptions } from '../../runtime/runtime.js';
import { openSession } from '../../sessions/session-context.js';
import { renderSessionTree } from '../../sessions/session-tree.js';
import { DEMO_RECORDS } from './demo-records.js';
import { keyText } from '../../records/record-key.js';

export interface DemoOptions extends RuntimeOptions {
  /** Receives one line per step, for humans (the CLI writes them to stderr). */
  readonly narrate?: (line: string) => void;
  /** The project directory to build the demo in; a new temporary directory when absent. */
  readonly dir?: string;
}

const TASK = 'plan a humanize survey with back navigation';

/**
 * The walkthrough `ep demo` prints. In a fresh project directory it creates a context package from
 * embedded records, makes it active, searches and packs it, records something learned, runs an agent
 * function in a session whose prompt gets assembled context, and assembles context directly, each step
 * through the same library calls a user would make.
 */
export async function runDemo(options: DemoOptions = {}) {
  const narrate = options.narrate ?? (() => undefined);
  const dir = options.dir ?? (await mkdtemp(path.join(tmpdir(), 'ep-demo-')));
  const runtime = await EpRuntime.create({ ...options, cwd: dir });
  const using = { runtime };
  try {
    const plugins = describePlugins(runtime.kernel.plugins);
    narrate(`1. Kernel started with ${plugins.length} plugins, in dependency order:`);
    for (const plugin of plugins) narrate(`   ${plugin.id}@${plugin.version} provides ${plugin.provides.join(', ') || '(nothing)'}`);
    const tools = runtime.get(ToolRegistry).list();
    narrate(`   The tool registry holds ${tools.length} tools.`);

    const recordsFile = path.join(dir, 'initial_context.jsonl');
    await writeFile(recordsFile, `${DEMO_RECORDS.map((record) => JSON.stringify(record)).join('\n')}\n`);
    const created = await createScenarioPackage(recordsFile, path.join(dir, 'research_context.ep'), using);
    const pointer = await useContextPath('research_context.ep', { cwd: dir });
    narrate(
      `2. Created research_context.ep (${DEMO_RECORDS.length} records, git-backed) in ${dir} and made it active (${pointer.config_path}).`,
    );

    const search = (await searchContext({ query: 'humanize survey back navigation', topK: 3 }, using)).data;
    narrate(`3. Searched "${search.query}" with BM25:`);
    for (const match of search.matches) narrate(`   ${match.score.toFixed(3)}  ${keyText(match.scenario.key)}`);

    const pack = (await packContext({ query: 'plan a human survey pilot', topK: 8, charBudget: 400 }, using)).data;
    narrate(`4. Packed "${pack.query}" into at most 400 characters (${pack.included.length} records, ${pack.omitted} left out):`);
    for (const line of pack.prompt_context.split('\n')) narrate(`   ${line}`);

    const learned = (
      await upsertContextRecord(
        {
          record: {
            key: 'preference.survey.length',
            kind: 'user_preference',
            tags: ['survey_ui', 'pilot'],
            summary: 'Keep pilot surveys under ten minutes; humanize previews must show the estimated time.',
          },
          message: 'Learn the survey length preference',
        },
        using,
      )
    ).data;
    const history = (await contextHistory(using)).data;
    narrate(
      `5. Upserted ${learned.key} (commit ${learned.commit.slice(0, 8)}); the package history holds ${history.commits.length} commits.`,
    );

    const session = await runDemoSession(runtime, narrate);
    const assembled = await requestContext({ purpose: TASK, query: 'humanize navigation', maxTokens: 300 }, using);
    narrate(
      `7. Assembled context for "${TASK}": ${assembled.fragments.length} fragments, ${assembled.totalTokens} tokens ` +
        `(${Math.round(assembled.budgetUsed * 100)}% of the budget), hash ${assembled.contextHash.slice(0, 12)}.`,
    );
    return {
      data: {
        project_dir: dir,
        plugins: plugins.map(({ id, version, provides, requires }) => ({ id, version, provides, requires })),
        tools: tools.map(({ name, capabilities }) => ({ name, capabilities })),
        package: { path: created.path, records: DEMO_RECORDS.length, active: pointer.active_context_paths },
        search: { query: search.query, matches: search.matches.map(({ score, scenario }) => ({ score, key: scenario.key })) },
        pack: { query: pack.query, prompt_context: pack.prompt_context, included: pack.included.map((entry) => entry.key) },
        upsert: { key: learned.key, commit: learned.commit, history: history.commits.map((c) => c.message) },
        session,
        assembled: {
          fragments: assembled.fragments.map((fragment) => ({
            node: fragment.ukoNode,
            depth: fragment.detailDepth,
            tokens: fragment.tokenCount,
          })),
          total_tokens: assembled.totalTokens,
          budget_used: assembled.budgetUsed,
          context_hash: assembled.contextHash,
        },
      },
      notes: [
        `Try it yourself: cd ${dir} && npx ep context search --query "pilot models"`,
        `See the session's DAG with: ep session show ${session.id} --tree`,
      ],
    };
  } finally {
    await runtime.shutdown();
  }
}

/** The session part: an agent function run with the scripted model, in a session whose id is printed. */
async function runDemoSession(runtime: EpRuntime, narrate: (line: string) => void) {
  const { ResearchAgent } = await import('./research-agent.js');
  const model = new ScriptedModelRuntime();
  const store = runtime.get(SessionStore);
  const { sessionId, output } = await openSession(
    {
      store,
      model,
      tools: runtime.get(ToolRegistry),
      env: runtime.get(RuntimeSettings).env,
      source: 'demo',
      idPrefix: 'demo',
      answers: () => 'the survey team',
    },
    async (session) => ({ sessionId: session.sessionId, output: await new ResearchAgent().plan({ task: TASK }) }),
  );
  const { nodes } = await store.read(sessionId);
  const lastPrompt = model.prompts.at(-1)?.prompt ?? '';
  narrate(
    `6. Session ${sessionId}: plan() assembled context, called survey() and asked the user a question; ` +
      `${model.prompts.length} prompts reached the scripted model. The DAG:`,
  );
  for (const line of renderSessionTree(nodes)) narrate(`   ${line}`);
  return {
    id: sessionId,
    output,
    nodes: nodes.map(({ id, kind, name, caller, status }) => ({ id, kind, name, caller, status })),
    last_prompt: lastPrompt,
  };
}
