import type { CommandModule } from 'yargs';
import { runCommand, type GlobalArgs } from '../../run-command.js';

interface UseArgs extends GlobalArgs {
  path: string;
  append?: boolean;
  write?: boolean;
}

export const contextUseCommand: CommandModule<GlobalArgs, UseArgs> = {
  command: 'use',
  describe: 'Make a context package active (writes .edsl/context.json)',
  builder: (yargs) =>
    yargs
      .option('path', { type: 'string', demandOption: true, describe: 'The .ep package' })
      .option('append', { type: 'boolean', describe: 'Add it to the active read contexts instead of replacing them' })
      .option('write', { type: 'boolean', describe: 'Make it the default write context' })
      .example('$0 context use --path personal_context.ep', '')
      .example('$0 context use --path team_context.ep --append', ''),
  handler: runCommand<UseArgs>(async (args) => {
    const { useContextPath } = await import('../../../api/context-pointer.js');
    return { data: await useContextPath(args.path, { append: args.append === true, write: args.write === true }) };
  }),
};
