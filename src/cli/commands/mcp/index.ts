import type { CommandModule } from 'yargs';
import { errorEnvelope, writeEnvelope } from '../../../envelope/envelope.js';
import type { GlobalArgs } from '../../run-command.js';

interface McpArgs extends GlobalArgs {
  allowWrites?: boolean;
  allowPath?: string[];
  session?: string;
}

/**
 * `ep mcp` speaks MCP on stdio, so stdout belongs to the protocol: unlike other commands it prints no
 * envelope on success. A failure to start is still one error envelope.
 */
export const mcpCommand: CommandModule<GlobalArgs, McpArgs> = {
  command: 'mcp',
  describe: 'Serve the tool registry over the Model Context Protocol on stdio',
  builder: (yargs) =>
    yargs
      .option('allow-writes', { type: 'boolean', describe: 'Also serve tools that write (context upsert and add)' })
      .option('allow-path', { type: 'string', array: true, describe: 'Also let tools read packages under this directory (repeatable)' })
      .option('session', { type: 'string', describe: 'Record tool calls in this session (default: a new session per connection)' }),
  handler: async (args) => {
    try {
      const { serveMcpOverStdio } = await import('../../../api/mcp.js');
      await serveMcpOverStdio({
        pluginModules: args.plugin ?? [],
        allowWrites: args.allowWrites === true,
        allowPaths: args.allowPath ?? [],
        ...(args.session !== undefined ? { sessionId: args.session } : {}),
      });
    } catch (error) {
      const { envelope, exitCode } = errorEnvelope(error);
      // An MCP client reads stdout as protocol and shows the server's stderr: say it there too.
      process.stderr.write(`ep mcp: ${envelope.error.code}: ${envelope.error.message}\n`);
      writeEnvelope(envelope);
      process.exitCode = exitCode;
    }
  },
};
