import type { CommandModule } from 'yargs';
import { EpError, ExitCode } from '../../../kernel/errors.js';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

interface ExportArgs extends GlobalArgs {
  id?: string;
  session?: string;
  to: string;
}

export const sessionExportCommand: CommandModule<GlobalArgs, ExportArgs> = {
  command: 'export [id]',
  describe: "Write a session in the file store's format to <to>/sessions/<id> (an EP_HOME-style directory), history included",
  builder: (yargs) =>
    yargs
      .positional('id', { type: 'string', describe: 'Session id (or --session)' })
      .option('session', { type: 'string', describe: 'Session id' })
      .option('to', {
        type: 'string',
        demandOption: true,
        describe: 'The EP_HOME-style directory to export into (made when missing); a session already there is refused',
      })
      .example(
        '$0 session export --session <id> --to ./exported',
        'A PostgreSQL session as files: EP_HOME=./exported ep session show <id>',
      ),
  handler: runCommand<ExportArgs>(async (args) => {
    const { exportSession } = await import('../../../api/sessions.js');
    return { data: await exportSession(sessionArgument(args), { to: args.to, ...runtimeOptions(args) }) };
  }),
};

/** The id given as the positional or as --session (one of them, or both the same). */
function sessionArgument(args: ExportArgs): string {
  const id = args.session ?? args.id;
  if (id === undefined || (args.session !== undefined && args.id !== undefined && args.session !== args.id)) {
    throw new EpError('USAGE_ERROR', 'Name the session to export once: `ep session export <id> --to <dir>` or `--session <id>`.', {
      exitCode: ExitCode.usage,
      details: { id: args.id ?? null, session: args.session ?? null },
    });
  }
  return id;
}
