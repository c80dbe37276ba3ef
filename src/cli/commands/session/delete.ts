import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

interface DeleteArgs extends GlobalArgs {
  id: string;
}

export const sessionDeleteCommand: CommandModule<GlobalArgs, DeleteArgs> = {
  command: 'delete <id>',
  describe: 'Delete a session and its history',
  builder: (yargs) => yargs.positional('id', { type: 'string', demandOption: true, describe: 'Session id' }),
  handler: runCommand<DeleteArgs>(async (args) => {
    const { deleteSession } = await import('../../../api/sessions.js');
    return { data: await deleteSession(args.id, runtimeOptions(args)) };
  }),
};
