import { request } from 'node:http';
import type { Locator, Page } from 'playwright-core';

/** The first DAG node named `name` within `scope` (the page, or an expanded node's nested calls). */
export function nodeNamed(page: Page, scope: Page | Locator, name: string): Locator {
  const title = page.locator(':scope > summary .name', { hasText: new RegExp(`^${escapeRegExp(name)}$`) });
  return scope.locator('details.node').filter({ has: title }).first();
}

/** Unfolds a node (a click on its summary) and returns it. */
export async function expand(node: Locator): Promise<Locator> {
  await node.locator(':scope > summary').click();
  await node.locator(':scope > dl').waitFor({ state: 'visible' });
  return node;
}

/** Raw HTTP to the server with headers a browser would not let a page set (`Host`). */
export function rawRequest(
  port: number,
  options: { path: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path: options.path, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Text of `locator`, trimmed. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}
