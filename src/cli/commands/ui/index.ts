import type { CommandModule } from 'yargs';
import { errorEnvelope, okEnvelope, writeEnvelope } from '../../../envelope/envelope.js';
import { divertStdout, sealStdout, withRealStdout } from '../../../util/stdout-diversion.js';
import type { GlobalArgs } from '../../run-command.js';

interface UiArgs extends GlobalArgs {
  port?: number;
  host?: string;
  allowRemote?: boolean;
  open?: boolean;
  path?: string[];
}

/**
 * `ep ui` serves until it is stopped, so unlike other commands its envelope is printed once the server
 * listens (with the address to open), not when the handler returns.
 */
export const uiCommand: CommandModule<GlobalArgs, UiArgs> = {
  command: 'ui',
  describe: 'Serve a local web page showing context packages, sessions and assembled context (until Ctrl-C)',
  builder: (yargs) =>
    yargs
      .option('port', { type: 'number', describe: 'Port to listen on (default 0: a free one)' })
      .option('host', { type: 'string', describe: 'Address to listen on (default 127.0.0.1; loopback only without --allow-remote)' })
      .option('allow-remote', { type: 'boolean', describe: 'Allow a --host other machines can reach (the access token still applies)' })
      .option('open', { type: 'boolean', describe: 'Open the page in the default browser' })
      .option('path', { type: 'string', array: true, describe: 'A .ep package to show besides the active ones; repeatable' })
      .example('$0 ui --port 4173 --path research_context.ep', ''),
  handler: async (args) => {
    try {
      const [{ serveUiUntilSignal }, { openInBrowser }] = await Promise.all([
        import('../../../ui/server/serve-ui.js'),
        import('../../../ui/server/open-in-browser.js'),
      ]);
      // Whatever a plugin prints goes to stderr; stdout carries the one envelope.
      await divertStdout(() =>
        serveUiUntilSignal(
          {
            pluginModules: args.plugin ?? [],
            paths: args.path ?? [],
            allowRemote: args.allowRemote === true,
            ...(args.port !== undefined ? { port: args.port } : {}),
            ...(args.host !== undefined ? { host: args.host } : {}),
          },
          async (server) => {
            const warnings = server.remote
              ? [
                  {
                    code: 'UI_REMOTE_HOST',
                    message: `Serving on ${server.host}: other machines that reach it and hold the token can read.`,
                  },
                ]
              : [];
            for (const warning of warnings) process.stderr.write(`ep ui: warning: ${warning.message}\n`);
            withRealStdout(() => writeEnvelope(okEnvelope({ url: server.url, host: server.host, port: server.port }, warnings)));
            sealStdout();
            process.stderr.write(`ep ui: serving ${server.url} (Ctrl-C to stop)\n`);
            if (args.open === true) await openInBrowser(server.url);
          },
        ),
      );
      process.exitCode = 0;
    } catch (error) {
      const { envelope, exitCode } = errorEnvelope(error);
      writeEnvelope(envelope);
      process.exitCode = exitCode;
    }
  },
};
