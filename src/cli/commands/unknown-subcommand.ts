import { EpError, ExitCode } from '../../kernel/errors.js';

/**
 * The handler of a command group (`ep context <command>`): reached only when the word after the group names
 * none of its commands, since yargs runs the matching subcommand otherwise. A usage error, like any unknown
 * command, so the caller gets an envelope and exit code 2 instead of silence.
 */
export function unknownSubcommand(group: string): (args: object) => never {
  return (args) => {
    const command = `${group} ${String((args as { readonly command?: unknown }).command)}`;
    throw new EpError('USAGE_ERROR', `Unknown command: ${command}.`, {
      exitCode: ExitCode.usage,
      details: { command },
      suggestion: `Run \`ep ${group} --help\` to see its commands.`,
    });
  };
}
