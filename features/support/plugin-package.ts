import { execa } from 'execa';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EP_BIN, REPO_ROOT } from './world.js';

/**
 * What a plugin author and a user end up with after `npm pack`: this checkout packed as a tarball, a plugin
 * package scaffolded by `ep plugins new` with its own copy of the runtime installed from that tarball, and a
 * project that installs the tarball and the plugin (linked, as `npm install ../plugin` does, so the plugin
 * keeps its own copy). Made once per worker process: installs take seconds, scenarios only read it.
 */
export interface PluginPackageFixture {
  readonly root: string;
  readonly tarball: string;
  readonly pluginDir: string;
  readonly packageName: string;
  /** The project's node_modules, which each scenario's project links to. */
  readonly projectModules: string;
  /** The project's installed copy of ep (not this checkout's). */
  readonly projectBin: string;
}

export const PLUGIN_ID = 'acme/word-stats';
let fixture: Promise<PluginPackageFixture> | undefined;

const npm = (args: string[], cwd: string) =>
  execa('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd,
    env: { npm_config_update_notifier: 'false' },
    timeout: 240_000,
  });

export function pluginPackageFixture(): Promise<PluginPackageFixture> {
  return (fixture ??= prepare());
}

export async function removePluginPackageFixture(): Promise<void> {
  if (fixture) await rm((await fixture).root, { recursive: true, force: true });
}

async function prepare(): Promise<PluginPackageFixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'ep-plugin-package-'));
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', root], { cwd: REPO_ROOT });
  const tarball = path.join(root, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);
  await execa(process.execPath, [EP_BIN, 'plugins', 'new', PLUGIN_ID], { cwd: root });
  const pluginDir = path.join(root, 'ep-word-stats');
  await npm(['install', '--save-dev', tarball], pluginDir);
  await npm(['run', 'build'], pluginDir);
  const project = path.join(root, 'project');
  await mkdir(project);
  await writeFile(path.join(project, 'package.json'), `${JSON.stringify({ name: 'scratch-project', private: true, type: 'module' })}\n`);
  await npm(['install', tarball, pluginDir], project);
  const projectModules = path.join(project, 'node_modules');
  return {
    root,
    tarball,
    pluginDir,
    packageName: '@acme/ep-word-stats',
    projectModules,
    projectBin: path.join(projectModules, 'ep-runtime', 'bin', 'ep.cjs'),
  };
}

/** A scenario's project sees the installed packages through a link to the fixture's node_modules. */
export async function linkProjectModules(projectDir: string, installed: PluginPackageFixture): Promise<void> {
  await symlink(installed.projectModules, path.join(projectDir, 'node_modules'), 'dir');
}

/** Three plugin modules of the plugin package's own: a multi token, two contributions to it, and a tool reading them all. */
export const GREETING_MODULES: Record<string, string> = {
  'greetings/token.js': `import { createToken } from 'ep-runtime/plugin';
export const Greeting = createToken('acme.Greeting', 'multi');
`,
  'greetings/english.js': `import { Greeting } from './token.js';
export default () => ({ id: 'acme/greeting-english', version: '1.0.0', engine: '>=0.1.0', provides: [Greeting],
  register(registry) { registry.registerValue(Greeting, 'hello'); } });
`,
  'greetings/french.js': `import { Greeting } from './token.js';
export default () => ({ id: 'acme/greeting-french', version: '1.0.0', engine: '>=0.1.0', provides: [Greeting],
  register(registry) { registry.registerValue(Greeting, 'bonjour'); } });
`,
  'greetings/tool.js': `import { Tool } from 'ep-runtime/plugin';
import { Greeting } from './token.js';
class GreetingsTool {
  name = 'acme/greetings';
  description = 'Every greeting the loaded plugins contribute.';
  inputSchema = { type: 'object', properties: {}, additionalProperties: false };
  capabilities = ['read_only'];
  constructor(greetings) { this.greetings = greetings; }
  call() { return { greetings: [...this.greetings].sort() }; }
}
export default () => ({ id: 'acme/greetings', version: '1.0.0', engine: '>=0.1.0', provides: [Tool], requires: [Greeting],
  register(registry) { registry.registerClass(Tool, GreetingsTool, [Greeting]); } });
`,
};

/** An agent module that imports the plugin package's own copy of ep-runtime, not the copy that runs it. */
export const AGENT_MODULE = `import { agentFunction, callModel } from 'ep-runtime';
export const summarize = agentFunction({ name: 'summarize', instructions: 'Summarize the study in one line.' }, async (input) => {
  const reply = await callModel('Summarize: ' + input.study);
  return { summary: reply };
});
`;
