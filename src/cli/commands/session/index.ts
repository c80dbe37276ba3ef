import { unknownSubcommand } from '../unknown-subcommand.js';
import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../../run-command.js';
import { sessionDeleteCommand } from './delete.js';
import { sessionExportCommand } from './export.js';
import { sessionListCommand } from './list.js';
import { sessionShowCommand } from './show.js';

export const sessionCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'session <command>',
  describe: 'List, show, export and delete sessions',
  builder: (yargs) =>
    yargs.command(sessionListCommand).command(sessionShowCommand).command(sessionDeleteCommand).command(sessionExportCommand),
  handler: unknownSubcommand('session'),
};
