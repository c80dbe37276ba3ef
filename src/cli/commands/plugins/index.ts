import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../../run-command.js';
import { pluginsListCommand } from './list.js';

export const pluginsCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'plugins <command>',
  describe: 'Inspect the plugins that make up this runtime',
  builder: (yargs) => yargs.command(pluginsListCommand),
  handler: () => undefined,
};
