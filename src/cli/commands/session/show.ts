import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

interface ShowArgs extends GlobalArgs {
  id: string;
  tree?: boolean;
}

export const sessionShowCommand: CommandModule<GlobalArgs, ShowArgs> = {
  command: 'show <id>',
  describe: 'Show a session: its meta and the DAG of its calls (--tree adds an indented tree)',
  builder: (yargs) =>
    yargs
      .positional('id', { type: 'string', demandOption: true, describe: 'Session id' })
      .option('tree', { type: 'boolean', describe: 'Add the DAG as indented lines (data.tree), also printed on stderr' }),
  handler: runCommand<ShowArgs>(async (args) => {
    const { showSession } = await import('../../../api/sessions.js');
    const view = await showSession(args.id, { ...runtimeOptions(args), tree: args.tree === true });
    return { data: view, ...(view.tree ? { notes: view.tree } : {}) };
  }),
};
