import { unknownSubcommand } from '../unknown-subcommand.js';
import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../../run-command.js';
import { contextClearCommand } from './clear.js';
import { contextCurrentCommand } from './current.js';
import { contextUseCommand } from './use.js';
import { contextSearchCommand } from './search.js';
import { contextGetCommand } from './get.js';
import { contextPackCommand } from './pack.js';
import { contextAddCommand } from './add.js';
import { contextUpsertCommand } from './upsert.js';
import { contextHistoryCommand } from './history.js';
import { contextDiffCommand } from './diff.js';
import { contextRequestCommand } from './request.js';
import { contextExportCommand } from './export.js';
import { contextImportCommand } from './import.js';

export const contextCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'context <command>',
  describe: 'Durable working context: choose active packages, search, get, pack, add and upsert records; request assembled context',
  builder: (yargs) =>
    yargs
      .command(contextUseCommand)
      .command(contextCurrentCommand)
      .command(contextClearCommand)
      .command(contextSearchCommand)
      .command(contextGetCommand)
      .command(contextPackCommand)
      .command(contextAddCommand)
      .command(contextUpsertCommand)
      .command(contextHistoryCommand)
      .command(contextDiffCommand)
      .command(contextExportCommand)
      .command(contextImportCommand)
      .command(contextRequestCommand),
  handler: unknownSubcommand('context'),
};
