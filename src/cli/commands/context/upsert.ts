import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';
import { withoutUndefined } from '../../../util/without-undefined.js';

interface UpsertArgs extends GlobalArgs {
  json: string;
  key?: string;
  message?: string;
  path?: string;
}

export const contextUpsertCommand: CommandModule<GlobalArgs, UpsertArgs> = {
  command: 'upsert',
  describe: 'Replace the record with the same key in the write context, or append it',
  builder: (yargs) =>
    yargs
      .option('json', { type: 'string', demandOption: true, describe: 'The record: inline JSON, @file or @- for stdin' })
      .option('key', { type: 'string', describe: 'The record key; read from the JSON when omitted, and must agree with it' })
      .option('message', { type: 'string', describe: 'Commit message' })
      .option('path', { type: 'string', describe: 'The .ep package to write instead of the default write context' })
      .example('$0 context upsert --key study.pricing-pilot --json @study_context.json --message "Add pricing pilot context"', ''),
  handler: runCommand<UpsertArgs>(async (args) => {
    const [{ upsertContextRecord }, { readJsonArgument }] = await Promise.all([
      import('../../../api/context-records.js'),
      import('../../json-input.js'),
    ]);
    const record = await readJsonArgument(args.json, '--json');
    return upsertContextRecord(
      { record, ...withoutUndefined({ key: args.key, message: args.message, path: args.path }) },
      runtimeOptions(args),
    );
  }),
};
