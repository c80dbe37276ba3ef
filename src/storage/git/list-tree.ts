import type { BatchObjectReader } from './batch-object-reader.js';
import { parseTree } from './git-objects.js';

/**
 * Every file under the tree `root`: path → blob id, one batched read per directory level. Undefined when an
 * object is missing or is not a tree, so the caller can say which ref is incomplete.
 */
export async function listTree(reader: BatchObjectReader, root: string): Promise<Map<string, string> | undefined> {
  const files = new Map<string, string>();
  let level = [{ prefix: '', id: root }];
  while (level.length) {
    const objects = await reader.read(level.map((dir) => dir.id));
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 1) {
      const object = objects[i];
      if (!object || object.type !== 'tree') return undefined;
      for (const entry of parseTree(object.content)) {
        if (entry.mode === '40000') next.push({ prefix: `${level[i]!.prefix}${entry.name}/`, id: entry.id });
        else if (entry.mode.startsWith('100')) files.set(`${level[i]!.prefix}${entry.name}`, entry.id);
      }
    }
    level = next;
  }
  return files;
}
