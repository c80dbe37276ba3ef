import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedChatRequest {
  readonly url: string;
  readonly authorization?: string;
  readonly body: { model: string; messages: { role: string; content: string }[] };
}

/** A chat completions server on 127.0.0.1 that records each request and answers "Noted.". */
export async function startChatServer(): Promise<{ baseUrl: string; requests: RecordedChatRequest[]; server: Server }> {
  const requests: RecordedChatRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({
        url: req.url ?? '',
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        body: JSON.parse(body),
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ model: 'local-test', choices: [{ message: { role: 'assistant', content: 'Noted.' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests, server };
}
