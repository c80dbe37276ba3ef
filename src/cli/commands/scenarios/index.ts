import { unknownSubcommand } from '../unknown-subcommand.js';
import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../../run-command.js';
import { scenariosCreateCommand } from './create.js';

export const scenariosCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'scenarios <command>',
  describe: 'ScenarioList packages (.ep): create one from JSON records',
  builder: (yargs) => yargs.command(scenariosCreateCommand),
  handler: unknownSubcommand('scenarios'),
};
