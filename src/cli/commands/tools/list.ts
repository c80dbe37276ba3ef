import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

export const toolsListCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'list',
  describe: 'List the tools plugins contribute, with their input schemas and capabilities',
  handler: runCommand(async (args) => {
    const { toolListing } = await import('../../../api/tools.js');
    const { tools, leftOut } = await toolListing(runtimeOptions(args));
    // A broken contribution does not hide the others: it is a warning naming its plugin and what is wrong.
    return { data: { tools }, warnings: leftOut.map(({ code, message }) => ({ code, message })) };
  }),
};
