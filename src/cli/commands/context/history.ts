import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';
import { withoutUndefined } from '../../../util/without-undefined.js';

interface HistoryArgs extends GlobalArgs {
  path?: string;
}

export const contextHistoryCommand: CommandModule<GlobalArgs, HistoryArgs> = {
  command: 'history',
  describe: 'The commits of the write context (or --path), newest first, with their messages',
  builder: (yargs) => yargs.option('path', { type: 'string', describe: 'The .ep package instead of the default write context' }),
  handler: runCommand<HistoryArgs>(
    async (args) => {
      const { contextHistory } = await import('../../../api/context-records.js');
      return contextHistory({ ...withoutUndefined({ path: args.path }), ...runtimeOptions(args) });
    },
    { exitsWhenDone: true },
  ),
};
