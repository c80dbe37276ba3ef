/**
 * The only place that imports tsyringe's decorators. Implementations import `inject`/`injectable` from
 * here, so the container library stays an implementation detail of the kernel.
 */
import { createRequire } from 'node:module';

// Both packages are CommonJS. Loaded through `require` they take a fraction of the start-up time Node's ESM
// loader spends translating them file by file, and every command pays that time. One module instance
// either way: an `import` of them elsewhere gets the same cached module.
const require = createRequire(import.meta.url);
require('reflect-metadata');
const tsyringe = require('tsyringe') as typeof import('tsyringe');

export const { inject, injectable, injectAll } = tsyringe;
/** The container library itself, for the kernel only. */
export const { container: rootContainer, Lifecycle } = tsyringe;
