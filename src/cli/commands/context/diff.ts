import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

interface DiffArgs extends GlobalArgs {
  path: string;
  key: string;
  from: string;
  to?: string;
}

export const contextDiffCommand: CommandModule<GlobalArgs, DiffArgs> = {
  command: 'diff',
  describe: 'One record of a package at two commits, field by field (see `ep context history` for the commits)',
  builder: (yargs) =>
    yargs
      .option('path', { type: 'string', demandOption: true, describe: 'The .ep package' })
      .option('key', { type: 'string', demandOption: true, describe: 'The key of the record' })
      .option('from', { type: 'string', demandOption: true, describe: 'The earlier commit (or branch, tag)' })
      .option('to', { type: 'string', describe: 'The later commit (default HEAD)' })
      .example('$0 context diff --path research_context.ep --key pilot-plan --from HEAD~1', ''),
  handler: runCommand<DiffArgs>(
    async (args) => {
      const { diffPackageRecord } = await import('../../../api/packages.js');
      return { data: await diffPackageRecord(args.path, args.key, args.from, args.to ?? 'HEAD', runtimeOptions(args)) };
    },
    { exitsWhenDone: true },
  ),
};
