import { createRequire } from 'node:module';

// node:fs/promises loads node:readline with it, some 2 ms, and the commands that start most often (`--help`,
// `plugins list`) read and write nothing through it: modules on their path take it from here on first use.
const require = createRequire(import.meta.url);

/** node:fs/promises, loaded on first use. */
export function fsPromises(): typeof import('node:fs/promises') {
  return require('node:fs/promises') as typeof import('node:fs/promises');
}
