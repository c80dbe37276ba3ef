import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';
import { withReadPaths, type ReadArgs } from './read-options.js';
import { withoutUndefined } from '../../../util/without-undefined.js';

interface GetArgs extends GlobalArgs, ReadArgs {
  key: string;
}

export const contextGetCommand: CommandModule<GlobalArgs, GetArgs> = {
  command: 'get',
  describe: 'The record with a key (the first active package holding it wins)',
  builder: (yargs) => withReadPaths(yargs).option('key', { type: 'string', demandOption: true, describe: 'The record key' }),
  handler: runCommand<GetArgs>(
    async (args) => {
      const { getContextRecord } = await import('../../../api/context-records.js');
      return getContextRecord(args.key, { ...withoutUndefined({ paths: args.path }), ...runtimeOptions(args) });
    },
    { exitsWhenDone: true },
  ),
};
