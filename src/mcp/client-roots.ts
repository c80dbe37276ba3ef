import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';
import { realPathOfNearest, type PathScope } from '../context/active/path-scope.js';
import { EpError, ExitCode } from '../kernel/errors.js';

/** How long the server waits for the client's `roots/list` answer before going on with its own roots. */
const ROOTS_TIMEOUT_MS = 10_000;

/**
 * The directories an MCP client's tool calls may name packages under: the project root, the directories
 * the server was started with (`--allow-path`), and the roots the client declares (MCP `roots`), asked for
 * once and again whenever the client says they changed.
 */
export class McpPathScope implements PathScope {
  private fixedRoots: Promise<string[]> | undefined;
  private clientRoots: Promise<string[]> | undefined;

  constructor(
    private readonly server: Server,
    private readonly fixed: readonly string[],
  ) {
    server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
      this.clientRoots = undefined;
    });
  }

  async roots(): Promise<readonly string[]> {
    this.fixedRoots ??= Promise.all(this.fixed.map(realPathOfNearest));
    this.clientRoots ??= this.askClient();
    const [fixed, declared] = await Promise.all([this.fixedRoots, this.clientRoots]);
    return [...new Set([...fixed, ...declared])];
  }

  refuse(shown: string, roots: readonly string[]): EpError {
    return new EpError('PATH_NOT_ALLOWED', `${shown} is outside the directories this MCP server may read: ${roots.join(', ')}.`, {
      exitCode: ExitCode.auth,
      details: { path: shown, roots },
      suggestion: 'Name a package under the project or a root the client declares, or start the server with --allow-path <dir>.',
    });
  }

  /** The client's `file:` roots as real paths; none when it declares no roots or does not answer. */
  private async askClient(): Promise<string[]> {
    if (!this.server.getClientCapabilities()?.roots) return [];
    try {
      const { roots } = await this.server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
      const files = roots.map((root) => localPath(root.uri)).filter((file): file is string => file !== undefined);
      return await Promise.all(files.map(realPathOfNearest));
    } catch (error) {
      // Asked again on the next call: a client busy at first may answer later.
      this.clientRoots = undefined;
      process.stderr.write(
        `ep mcp: the client's roots could not be listed (${(error as Error).message.slice(0, 200)}); using the project root only.\n`,
      );
      return [];
    }
  }
}

/** A `file:` URI of this machine as a path; other URIs name nothing a package can be read from. */
function localPath(uri: string): string | undefined {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}
