import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';
import { withoutUndefined } from '../../../util/without-undefined.js';

interface ImportArgs extends GlobalArgs {
  path?: string;
  from: string;
}

export const contextImportCommand: CommandModule<GlobalArgs, ImportArgs> = {
  command: 'import',
  describe: 'Copy a .ep package (or database context) with its whole history into a new write context (or --path)',
  builder: (yargs) =>
    yargs
      .option('from', { type: 'string', demandOption: true, describe: 'The .ep package (or postgres:///<name>) to copy' })
      .option('path', { type: 'string', describe: 'The new context to create instead of the default write context' })
      .example('$0 context import --from team.ep --path postgres:///team', 'Share a package through the database, every commit kept'),
  handler: runCommand<ImportArgs>(async (args) => {
    const { transferContext } = await import('../../../api/context-transfer.js');
    return { data: await transferContext({ from: args.from, ...withoutUndefined({ to: args.path }), ...runtimeOptions(args) }) };
  }),
};
