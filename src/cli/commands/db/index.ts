import { unknownSubcommand } from '../unknown-subcommand.js';
import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../../run-command.js';
import { dbMigrateCommand } from './migrate.js';

export const dbCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'db <command>',
  describe: 'Manage the PostgreSQL database (EP_DATABASE_URL) that shared sessions live in',
  builder: (yargs) => yargs.command(dbMigrateCommand),
  handler: unknownSubcommand('db'),
};
