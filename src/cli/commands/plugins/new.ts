import type { CommandModule } from 'yargs';
import { runCommand, type GlobalArgs } from '../../run-command.js';

interface NewArgs extends GlobalArgs {
  id: string;
  kind?: string;
  dir?: string;
  packageName?: string;
}

export const pluginsNewCommand: CommandModule<GlobalArgs, NewArgs> = {
  command: 'new <id>',
  describe: 'Scaffold a plugin package: TypeScript sources, a test running the conformance kit, a README',
  builder: (yargs) =>
    yargs
      .positional('id', { type: 'string', demandOption: true, describe: 'The plugin id, <namespace>/<name>: acme/word-stats' })
      .option('kind', { type: 'string', describe: 'What it provides: tool (default), search, tokenizer, packer or model' })
      .option('dir', { type: 'string', describe: 'Where to write it (default: ./ep-<name>); must be new or empty' })
      .option('package-name', { type: 'string', describe: 'The npm package name (default: @<namespace>/ep-<name>)' })
      .example('$0 plugins new acme/word-stats', 'A tool plugin in ./ep-word-stats; then npm install && npm test there')
      .example('$0 plugins new acme/search-tfidf --kind search', ''),
  handler: runCommand<NewArgs>(async (args) => {
    const { newPlugin } = await import('../../../api/plugins.js');
    const result = await newPlugin({
      id: args.id,
      cwd: process.cwd(),
      ...(args.kind === undefined ? {} : { kind: args.kind }),
      ...(args.dir === undefined ? {} : { directory: args.dir }),
      ...(args.packageName === undefined ? {} : { packageName: args.packageName }),
    });
    return { data: result, notes: [`wrote ${result.files.length} files to ${result.directory}; next: cd there, npm install && npm test`] };
  }),
};
