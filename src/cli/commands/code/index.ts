import { unknownSubcommand } from '../unknown-subcommand.js';
import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../../run-command.js';
import { codeMapCommand } from './map.js';

export const codeCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'code <command>',
  describe: "The project's source tree as context: a ranked repository map",
  builder: (yargs) => yargs.command(codeMapCommand),
  handler: unknownSubcommand('code'),
};
