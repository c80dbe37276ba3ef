import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';
import { withoutUndefined } from '../../../util/without-undefined.js';

interface AddArgs extends GlobalArgs {
  json: string;
  message?: string;
  path?: string;
}

export const contextAddCommand: CommandModule<GlobalArgs, AddArgs> = {
  command: 'add',
  describe: 'Append a new record to the write context; an existing key is an error',
  builder: (yargs) =>
    yargs
      .option('json', { type: 'string', demandOption: true, describe: 'The record: inline JSON, @file or @- for stdin' })
      .option('message', { type: 'string', describe: 'Commit message' })
      .option('path', { type: 'string', describe: 'The .ep package to write instead of the default write context' }),
  handler: runCommand<AddArgs>(async (args) => {
    const [{ addContextRecord }, { readJsonArgument }] = await Promise.all([
      import('../../../api/context-records.js'),
      import('../../json-input.js'),
    ]);
    const record = await readJsonArgument(args.json, '--json');
    return addContextRecord({ record, ...withoutUndefined({ message: args.message, path: args.path }) }, runtimeOptions(args));
  }),
};
