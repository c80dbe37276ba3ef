import { unknownSubcommand } from '../unknown-subcommand.js';
import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../../run-command.js';
import { pluginsListCommand } from './list.js';
import { pluginsNewCommand } from './new.js';

export const pluginsCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'plugins <command>',
  describe: 'Inspect the plugins that make up this runtime, or scaffold a new one',
  builder: (yargs) => yargs.command(pluginsListCommand).command(pluginsNewCommand),
  handler: unknownSubcommand('plugins'),
};
