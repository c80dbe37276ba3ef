import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

export const dbMigrateCommand: CommandModule<GlobalArgs, GlobalArgs> = {
  command: 'migrate',
  describe: "Apply the schema steps the database lacks (ep also applies them on first use unless the plugin's migrate option is false)",
  builder: (yargs) => yargs.example('EP_DATABASE_URL=postgres://ep@db/ep $0 db migrate', 'Bring the shared database up to date'),
  handler: runCommand(async (args) => {
    const { migrateDatabase } = await import('../../../api/database.js');
    return { data: await migrateDatabase(runtimeOptions(args)) };
  }),
};
