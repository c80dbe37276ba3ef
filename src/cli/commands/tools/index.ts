import { unknownSubcommand } from '../unknown-subcommand.js';
import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../../run-command.js';
import { toolsCallCommand } from './call.js';
import { toolsListCommand } from './list.js';

export const toolsCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'tools <command>',
  describe: 'List and call the tools in the registry',
  builder: (yargs) => yargs.command(toolsListCommand).command(toolsCallCommand),
  handler: unknownSubcommand('tools'),
};
