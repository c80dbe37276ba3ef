import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EP_BIN } from './world.js';

const stderrOf = new WeakMap<Client, string[]>();

/** A real MCP client (the SDK's own) talking to `ep mcp` over a stdio transport. */
export async function connectMcp(cwd: string, home: string, args: string[] = [], bin = EP_BIN): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', ...args],
    cwd,
    env: { ...process.env, EP_HOME: home },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'ep-acceptance', version: '1.0.0' });
  const chunks: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  stderrOf.set(client, chunks);
  await client.connect(transport);
  return client;
}

/** What the server behind `client` has written on stderr so far. */
export function serverStderr(client: Client): string {
  return (stderrOf.get(client) ?? []).join('');
}

/** A plugin module contributing one tool that writes, to check the server keeps it away unless allowed. */
export const WRITING_TOOL_PLUGIN = `
export default function plugin() {
  return {
    id: 'acme/notes', version: '1.0.0', engine: '>=0.1.0', provides: [Symbol.for('ep.Tool')],
    register(registry) {
      registry.registerValue(Symbol.for('ep.Tool'), {
        name: 'acme/note-write', description: 'Write a note.', capabilities: ['writes'],
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        call: ({ text }) => ({ written: text }),
      });
    },
  };
}
`;
