import type { CommandModule } from 'yargs';
import { runCommand, type GlobalArgs } from '../../run-command.js';

export const contextCurrentCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'current',
  describe: 'Show the active context packages and the default write context',
  handler: runCommand(
    async () => {
      const { currentContext } = await import('../../../api/context-pointer.js');
      return { data: await currentContext() };
    },
    { exitsWhenDone: true },
  ),
};
