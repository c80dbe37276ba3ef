import { createRequire } from 'node:module';
import { EpError, ExitCode } from '../kernel/errors.js';
import { EP_VERSION } from '../version.js';
import { envelopeWritten, errorEnvelope, writeEnvelope } from '../envelope/envelope.js';
import { checkOptionValues, type DeclaredOptions } from './option-rules.js';
import { codeCommand } from './commands/code/index.js';
import { contextCommand } from './commands/context/index.js';
import { dbCommand } from './commands/db/index.js';
import { demoCommand } from './commands/demo/index.js';
import { mcpCommand } from './commands/mcp/index.js';
import { pluginsCommand } from './commands/plugins/index.js';
import { scenariosCommand } from './commands/scenarios/index.js';
import { toolsCommand } from './commands/tools/index.js';
import { runCommandModule } from './commands/run/index.js';
import { sessionCommand } from './commands/session/index.js';
import { trustCommand } from './commands/trust/index.js';
import { uiCommand } from './commands/ui/index.js';

// yargs' CommonJS build is one bundled file; its ESM build is some twenty modules Node loads one by one.
const require = createRequire(import.meta.url);
const yargs = require('yargs/yargs') as typeof import('yargs/yargs');
const { hideBin } = require('yargs/helpers') as typeof import('yargs/helpers');

/**
 * The `ep` command line. Command modules are small and import their implementation lazily, so `--help`
 * and fast commands load nothing they do not use. Every outcome, usage errors included, is one JSON
 * envelope on stdout; `--help` and `--version` stay plain text.
 */
export async function main(argv: string[] = hideBin(process.argv)): Promise<void> {
  // A reader that stops early (`ep ... | head`) closes the pipe; that is not a failure of the command.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const cli = yargs(argv)
    .scriptName('ep')
    .usage('$0 <command> [options]\n\nA plugin-based agent context runtime. Every command prints one JSON envelope on stdout.')
    // A repeatable option takes one value each time it is given, so `--plugin x context pack` keeps its command.
    .parserConfiguration({ 'greedy-arrays': false })
    .option('plugin', { type: 'string', array: true, describe: 'Load an extra plugin (package name or path); repeatable', global: true })
    // yargs hands `check` the command's declared options, though its types call them aliases.
    .check((parsed, options) => {
      checkOptionValues(parsed, options as unknown as DeclaredOptions, argv);
      return true;
    }, true)
    .command(codeCommand)
    .command(contextCommand)
    .command(dbCommand)
    .command(demoCommand)
    .command(mcpCommand)
    .command(pluginsCommand)
    .command(scenariosCommand)
    .command(toolsCommand)
    .command(runCommandModule)
    .command(sessionCommand)
    .command(trustCommand)
    .command(uiCommand)
    .demandCommand(1, 'Name a command; run `ep --help` to see them.')
    .strict()
    .recommendCommands()
    .version(EP_VERSION)
    .help()
    .alias('help', 'h')
    // yargs' ESM build wraps mid-word; long lines are left to the terminal instead.
    .wrap(null)
    .epilogue('Exit codes: 0 ok, 1 error, 2 usage or invalid JSON, 3 not found, 4 auth, 5 validation, 6 remote.')
    .fail((message, error) => {
      const failure =
        error ??
        new EpError('USAGE_ERROR', withoutCamelCaseEchoes(message ?? 'Invalid usage.'), {
          exitCode: ExitCode.usage,
          suggestion: 'Run `ep --help` (or `ep <command> --help`) for usage.',
        });
      const { envelope, exitCode } = errorEnvelope(failure);
      writeEnvelope(envelope);
      process.exitCode = exitCode;
      throw new UsageHandled();
    });
  withoutHelpCache(cli);
  try {
    await cli.parseAsync();
  } catch (error) {
    if (error instanceof UsageHandled) return;
    // A command group's own handler (an unknown subcommand) throws past `.fail`; its error is still one envelope.
    if (!(error instanceof EpError) || envelopeWritten()) throw error;
    const { envelope, exitCode } = errorEnvelope(error);
    writeEnvelope(envelope);
    process.exitCode = exitCode;
  }
}

/** yargs lists `bogus-option, bogusOption` for one unknown flag; keep the spelling the user typed. */
function withoutCamelCaseEchoes(message: string): string {
  const match = /^(Unknown arguments?): (.*)$/.exec(message);
  if (!match) return message;
  const names = match[2]!.split(', ');
  const kept = names.filter(
    (name) =>
      !names.some(
        (other) => other !== name && other.includes('-') && other.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) === name,
      ),
  );
  return `${kept.length > 1 ? 'Unknown arguments' : 'Unknown argument'}: ${kept.join(', ')}`;
}

/**
 * yargs renders the whole help text after every command it runs (some 6 ms), in case the command shows help
 * later. No command of ep's does, and `.fail` writes an envelope, never help, so the text is never read. The
 * usage instance is yargs' internal one (kept across its resets); a yargs without it simply keeps caching.
 */
function withoutHelpCache(cli: unknown): void {
  const usage = (cli as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: unknown } } })
    .getInternalMethods?.()
    .getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => undefined;
}

/** Thrown from `.fail` to stop yargs once the usage envelope is written. */
class UsageHandled extends Error {}
