import type { PluginKind } from './kinds/plugin-kind.js';
import type { PluginNames } from './plugin-names.js';

/** What a scaffolded package builds and tests with; kept equal to ep's own by a unit test. */
export const SCAFFOLD_DEV_DEPENDENCIES = { typescript: '~5.9.3', '@types/node': '^20.19.43' } as const;

/** The files every scaffolded plugin package has, whatever its kind. */
export function packageFiles(names: PluginNames, kind: PluginKind, epVersion: string): Record<string, string> {
  const epRange = `^${epVersion}`;
  const packageJson = {
    name: names.packageName,
    version: '0.1.0',
    description: `An ep plugin that ${kind.summary}.`,
    type: 'module',
    license: 'MIT',
    keywords: ['ep-plugin'],
    engines: { node: '>=20' },
    main: './dist/src/index.js',
    types: './dist/src/index.d.ts',
    exports: { '.': { types: './dist/src/index.d.ts', import: './dist/src/index.js' } },
    files: ['dist/src', 'README.md'],
    scripts: { build: 'tsc -p tsconfig.json', test: 'tsc -p tsconfig.json && node --test dist/test/', prepack: 'npm run build' },
    // The host's copy of ep loads the plugin: ep-runtime is a peer, installed as a dev dependency only to build and test.
    peerDependencies: { 'ep-runtime': epRange },
    devDependencies: { 'ep-runtime': epRange, ...SCAFFOLD_DEV_DEPENDENCIES },
  };
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022'],
      types: ['node'],
      rootDir: '.',
      outDir: 'dist',
      declaration: true,
      strict: true,
      skipLibCheck: true,
    },
    include: ['src', 'test'],
  };
  return {
    'package.json': `${JSON.stringify(packageJson, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify(tsconfig, null, 2)}\n`,
    '.gitignore': 'node_modules/\ndist/\n*.tgz\n',
    'README.md': readme(names, kind, epRange),
  };
}

function readme(names: PluginNames, kind: PluginKind, epRange: string): string {
  return `# ${names.packageName}

An [ep](https://www.npmjs.com/package/ep-runtime) plugin (\`${names.id}\`) that ${kind.summary}.

## Use it

\`\`\`bash
npm install ${names.packageName}
npx ep --plugin ${names.packageName} plugins list
\`\`\`

or name it in the project's \`.edsl/ep.json\` (then run \`npx ep trust\` once, since the config loads code):

\`\`\`json
{ "plugins": [{ "module": "${names.packageName}" }] }
\`\`\`

ep-runtime is a peer dependency (${epRange}): the project's copy of ep loads the plugin.

## Develop it

\`\`\`bash
npm install
npm test        # builds, then runs the ep conformance kit (ep-runtime/testing) and the plugin's own tests
npm pack        # the package as it would be published
\`\`\`
`;
}
