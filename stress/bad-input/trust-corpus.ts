import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, runEp } from '../support/ep-process.js';
import type { Figures } from '../support/figures.js';
import type { Sandbox } from '../support/sandbox.js';
import type { CliCase, CliCaseFactory, CorpusContext } from './cases.js';
import { deepJson, invalidUtf8, malformedJson, oversizedJson, traversalPaths } from './hostile-values.js';

/** An agent that asks the model once: `ep run` then runs whatever model runtime the config chose. */
const ASKING_AGENT = `import { agentFunction, callModel } from ${JSON.stringify(path.join(REPO_ROOT, 'dist/src/index.js'))};
export const ask = agentFunction({ name: 'ask', instructions: 'Answer in one line.' }, async () => callModel());
`;

/** Every command that starts a runtime from the project config. */
const COMMANDS = [
  ['plugins', 'list'],
  ['tools', 'list'],
  ['tools', 'call', 'builtin/get-context-budget'],
  ['context', 'search', '--query', 'x'],
  ['session', 'list'],
  ['mcp'],
  ['run', './agent.mjs#ask', '--input', '{}'],
];

/** A plugin module that leaves `marker` the moment it is imported. */
function pluginSource(marker: string): string {
  return `import { writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(marker)}, '');
export default () => ({ id: 'acme/canary', version: '1.0.0', engine: '*', register() {} });
`;
}

/** The files of a project whose plugins leave a canary in the watched parent when imported. */
function armedProject(context: CorpusContext): Record<string, string> {
  const source = pluginSource(context.outside('canary-config-plugin'));
  return {
    'plugins/canary.mjs': source,
    'node_modules/acme-canary/package.json': JSON.stringify({ name: 'acme-canary', type: 'module', main: 'index.mjs' }),
    'node_modules/acme-canary/index.mjs': source,
    'agent.mjs': ASKING_AGENT,
  };
}

/** A config naming code that would leave a canary: plugin modules or packages, a model command, or many of them. */
function codeConfig(context: CorpusContext): { family: string; config: Record<string, unknown> } {
  const command = modelCommandConfig(context);
  return context.random.pick([
    { family: 'config plugin', config: { plugins: ['./plugins/canary.mjs'] } },
    {
      family: 'config plugin',
      config: { plugins: [{ module: './plugins/canary.mjs', options: { level: 1 } }], providers: { 'acme.Canary': 'acme/canary' } },
    },
    { family: 'config plugin', config: { plugins: ['acme-canary'] } },
    { family: 'config plugin', config: { plugins: Array.from({ length: context.random.int(200, 5000) }, () => './plugins/canary.mjs') } },
    { family: 'config model command', config: command },
    { family: 'config model command', config: { ...command, plugins: ['./plugins/canary.mjs'] } },
  ]);
}

/** The command model runtime, chosen with a command that leaves a canary when it runs. */
function modelCommandConfig(context: CorpusContext): Record<string, unknown> {
  return {
    providers: { 'ep.ModelRuntime': 'builtin/model-command' },
    options: {
      'builtin/model-command': {
        command: 'sh',
        args: ['-c', `${context.canaryCommand('config-model-command')}; cat >/dev/null; echo reply`],
      },
    },
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Edits of a trusted config, from one byte of whitespace to another plugin; each must lose the trust. */
function editOf(context: CorpusContext, config: Record<string, unknown>): string {
  return context.random.pick([
    `${json(config)} `,
    json(config).replace('\n', '\r\n'),
    json({ ...config, disable: [] }),
    json({ ...config, plugins: ['./plugins/canary.mjs', './plugins/canary.mjs'] }),
    json({
      ...config,
      options: {
        ...(config.options as object),
        'builtin/model-command': { command: 'sh', args: ['-c', context.canaryCommand('edited-model-command')] },
      },
    }),
  ]);
}

/**
 * Project configs that name code, trusted and not. Untrusted, changed since trusted, or trusted at another
 * path, every command must refuse them before anything runs (a canary outside counts against ep); trusted
 * as they are, they load.
 */
export const TRUST_FACTORIES: readonly CliCaseFactory[] = [
  {
    name: 'any command: project config naming code, not trusted',
    build: (context) => {
      const { family, config } = codeConfig(context);
      const args = context.random.pick(COMMANDS);
      return {
        family,
        command: `${args.slice(0, 2).join(' ')} (untrusted config)`,
        expect: 'error',
        files: { ...armedProject(context), '.edsl/ep.json': json(config) },
        args,
      };
    },
  },
  {
    name: 'any command: project config changed since it was trusted',
    build: (context) => {
      const { family, config } = codeConfig(context);
      const args = context.random.pick(COMMANDS);
      return {
        family,
        command: `${args.slice(0, 2).join(' ')} (changed config)`,
        expect: 'error',
        args,
        files: { ...armedProject(context), '.edsl/ep.json': json(config) },
        before: [['trust']],
        filesAfter: { '.edsl/ep.json': editOf(context, config) },
      };
    },
  },
  {
    name: 'any command: project config trusted at another path',
    build: (context) => {
      const { family, config } = codeConfig(context);
      const args = context.random.pick(COMMANDS);
      return {
        family,
        command: `${args.slice(0, 2).join(' ')} (config trusted elsewhere)`,
        expect: 'error',
        args,
        before: [['trust', 'elsewhere']],
        files: { ...armedProject(context), '.edsl/ep.json': json(config), 'elsewhere/.edsl/ep.json': json(config) },
      };
    },
  },
  {
    name: 'any command: project config trusted as it is',
    build: (context) => {
      const config = context.random.pick([
        { plugins: ['./plugins/local.mjs'] },
        {
          providers: { 'ep.ModelRuntime': 'builtin/model-command' },
          options: { 'builtin/model-command': { command: 'sh', args: ['-c', 'cat >/dev/null; echo reply'] } },
        },
      ]);
      const args = context.random.pick(COMMANDS.filter((command) => command[0] !== 'mcp'));
      return {
        family: 'trusted config',
        command: `${args.slice(0, 2).join(' ')} (trusted config)`,
        expect: 'any',
        args,
        before: [['trust']],
        files: { 'plugins/local.mjs': pluginSource('./loaded'), 'agent.mjs': ASKING_AGENT, '.edsl/ep.json': json(config) },
      };
    },
  },
  {
    name: 'trust: hostile targets, configs and trust records',
    build: (context): CliCase => {
      const { random } = context;
      const refused = random.pick([malformedJson, deepJson, invalidUtf8, oversizedJson])(random);
      return random.pick<CliCase>([
        {
          family: 'path traversal',
          command: 'trust',
          expect: 'error',
          args: [
            'trust',
            random.pick([traversalPaths(context.outside, random), '/dev/zero', '/proc/self/mem', 'missing/.edsl/ep.json', 'agent.mjs']),
          ],
          files: { 'agent.mjs': ASKING_AGENT },
        },
        { family: 'path traversal', command: 'trust', expect: 'error', args: ['trust'], files: { '.edsl/ep.json': null } },
        { family: 'path traversal', command: 'trust', expect: 'error', args: ['trust'], files: { '.edsl/ep.json/inner': '{}' } },
        { family: refused.family, command: 'trust', expect: 'error', args: ['trust'], files: { '.edsl/ep.json': refused.text } },
        {
          family: 'path traversal',
          command: 'trust --revoke',
          expect: 'any',
          args: ['trust', '--revoke', traversalPaths(context.outside, random)],
        },
        {
          family: 'malformed JSON',
          command: 'trust --list',
          expect: 'any',
          args: ['trust', '--list'],
          files: { '.ep-home/trust/a.json': refused.text, '.ep-home/trust/b.json': json({ configPath: 'relative', sha256: 'x' }) },
        },
        {
          family: 'wrong types',
          command: 'trust',
          expect: 'error',
          args: ['trust'],
          files: { '.edsl/ep.json': json({ plugins: ['./x.mjs'] }), '.ep-home/trust': 'a file, not a directory' },
        },
        { family: 'wrong types', command: 'trust', expect: 'error', args: ['trust', '--list', '--revoke'] },
      ]);
    },
  },
];

/**
 * Proves the trust fixtures are armed: once trusted, the canary plugin and the canary model command do run
 * (so "no canary" from an untrusted config means something). The canaries are removed afterwards.
 */
export async function proveTrustFixturesArmed(
  context: CorpusContext,
  sandbox: Sandbox,
  figures: Figures,
  timeoutMs: number,
): Promise<void> {
  const armed: [string, Record<string, unknown>, string[], string][] = [
    ['plugin', { plugins: ['./plugins/canary.mjs'] }, ['plugins', 'list'], 'canary-config-plugin'],
    ['model command', modelCommandConfig(context), ['run', './agent.mjs#ask', '--input', '{}'], 'canary-config-model-command'],
  ];
  for (const [kind, config, args, canary] of armed) {
    const dir = path.join(sandbox.tmp, `armed-trust-${kind.replace(/\W+/g, '-')}`);
    for (const [name, content] of Object.entries({ ...armedProject(context), '.edsl/ep.json': json(config) })) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), content);
    }
    const env = sandbox.env({ EP_HOME: path.join(dir, '.ep-home') });
    const trusted = await runEp(['trust'], { cwd: dir, env, timeoutMs });
    const ran = await runEp(args, { cwd: dir, env, timeoutMs });
    if (!readdirSync(sandbox.root).includes(canary)) {
      figures.defect(
        `the trusted ${kind} fixture ran nothing ` +
          `(trust: ${trusted.stdout.slice(0, 200)}; ${args.join(' ')}: ${ran.stdout.slice(0, 300)}): it proves nothing`,
      );
    } else {
      figures.add('trust fixtures proven to run once trusted');
    }
    rmSync(path.join(sandbox.root, canary), { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}
