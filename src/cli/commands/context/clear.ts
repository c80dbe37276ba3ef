import type { CommandModule } from 'yargs';
import { runCommand, type GlobalArgs } from '../../run-command.js';

export const contextClearCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'clear',
  describe: 'Forget the active context packages (removes .edsl/context.json)',
  handler: runCommand(async () => {
    const { clearContextPointer } = await import('../../../api/context-pointer.js');
    return { data: await clearContextPointer() };
  }),
};
