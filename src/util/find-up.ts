import { existsSync } from 'node:fs';
import path from 'node:path';

/** The nearest `relativePath` at or above `startDir`, or undefined. */
export function findUp(relativePath: string, startDir: string): string | undefined {
  let dir = path.resolve(startDir);
  for (;;) {
    const candidate = path.join(dir, relativePath);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
