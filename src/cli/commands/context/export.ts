import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';
import { withoutUndefined } from '../../../util/without-undefined.js';

interface ExportArgs extends GlobalArgs {
  path?: string;
  to: string;
}

export const contextExportCommand: CommandModule<GlobalArgs, ExportArgs> = {
  command: 'export',
  describe: 'Copy the write context (or --path) with its whole history to a new .ep package (or database context)',
  builder: (yargs) =>
    yargs
      .option('path', { type: 'string', describe: 'The context to copy instead of the default write context' })
      .option('to', { type: 'string', demandOption: true, describe: 'The new .ep package (or postgres:///<name>) to copy to' })
      .example(
        '$0 context export --path postgres:///team --to team.ep',
        'An EDSL-readable package of a shared context, every version kept',
      ),
  handler: runCommand<ExportArgs>(async (args) => {
    const { transferContext } = await import('../../../api/context-transfer.js');
    return { data: await transferContext({ ...withoutUndefined({ from: args.path }), to: args.to, ...runtimeOptions(args) }) };
  }),
};
