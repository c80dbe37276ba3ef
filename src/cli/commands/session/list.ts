import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

export const sessionListCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'list',
  describe: 'List the sessions under $EP_HOME (default ~/.ep), most recent first',
  handler: runCommand(async (args) => {
    const { listSessions } = await import('../../../api/sessions.js');
    return { data: { sessions: await listSessions(runtimeOptions(args)) } };
  }),
};
