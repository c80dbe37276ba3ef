import type { CommandModule } from 'yargs';
import { runCommand, runtimeOptions, type GlobalArgs } from '../../run-command.js';

interface RunArgs extends GlobalArgs {
  target: string;
  input?: string;
  session?: string;
  answers?: string;
  parentCall?: string;
  timeout?: number;
}

export const runCommandModule: CommandModule<GlobalArgs, RunArgs> = {
  command: 'run <target>',
  describe: 'Run an agent function (<module>#<export> or <module>#<Class>.<method>) in a session',
  builder: (yargs) =>
    yargs
      .positional('target', {
        type: 'string',
        demandOption: true,
        describe: 'For example ./agent.js#summarize or ./agent.js#Research.survey',
      })
      .option('input', { type: 'string', describe: 'The argument, as JSON: inline, @file or @- (default {})' })
      .option('session', {
        type: 'string',
        alias: 'resume',
        describe: 'Continue this session (created under this id if new); omit for a new one',
      })
      .option('answers', { type: 'string', describe: 'JSON file answering ask_user questions (list in order, or question → answer)' })
      .option('parent-call', { type: 'string', hidden: true, describe: 'Call id in a parent process the run belongs under' })
      .option('timeout', { type: 'number', describe: 'Cancel the run after this many milliseconds' }),
  handler: runCommand<RunArgs>(async (args) => {
    const [{ runAgent }, { readJsonArgument }] = await Promise.all([import('../../../api/session-runs.js'), import('../../json-input.js')]);
    const input = args.input === undefined ? {} : await readJsonArgument(args.input, '--input');
    const controller = new AbortController();
    const stop = (signal: NodeJS.Signals) => controller.abort(new Error(`interrupted by ${signal}`));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    const timer =
      args.timeout !== undefined
        ? setTimeout(() => controller.abort(new Error(`timed out after ${args.timeout} ms`)), args.timeout)
        : undefined;
    try {
      const result = await runAgent(args.target, input, {
        ...runtimeOptions(args),
        signal: controller.signal,
        source: args.parentCall ? 'subprocess' : 'cli',
        ...(args.session !== undefined ? { sessionId: args.session } : {}),
        ...(args.answers !== undefined ? { answersFile: args.answers } : {}),
        ...(args.parentCall !== undefined ? { parentCallId: args.parentCall } : {}),
      });
      return {
        data: result,
        notes: [`session: ${result.sessionId} (${result.created ? 'new' : 'continued'}); continue it with --session ${result.sessionId}`],
      };
    } finally {
      if (timer) clearTimeout(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    }
  }),
};
