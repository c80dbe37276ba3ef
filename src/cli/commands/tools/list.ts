import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

export const toolsListCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'list',
  describe: 'List the tools plugins contribute, with their input schemas and capabilities',
  handler: runCommand(async (args) => {
    const { listTools } = await import('../../../api/tools.js');
    return { data: { tools: await listTools(runtimeOptions(args)) } };
  }),
};
