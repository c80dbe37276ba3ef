import type { CommandModule } from 'yargs';
import { runCommand, type GlobalArgs } from '../../run-command.js';

export const pluginsListCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'list',
  describe: 'List the loaded plugins: version, what each provides and needs, and where it came from',
  handler: runCommand(async (args) => {
    const { listPlugins } = await import('../../../api/plugins.js');
    const result = await listPlugins({ pluginModules: args.plugin ?? [] });
    return { data: result };
  }),
};
