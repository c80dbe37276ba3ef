import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The bundled page (scripts/build.mjs writes it beside this folder): a fixed list, so no request names a file. */
const ASSETS: Readonly<Record<string, { file: string; type: string }>> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/assets/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/assets/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
  '/assets/icon.svg': { file: 'icon.svg', type: 'image/svg+xml' },
};

const ASSET_DIR = fileURLToPath(new URL('../assets/', import.meta.url));
const cache = new Map<string, Buffer>();

/** The asset served at `pathname`, or undefined when there is none. */
export async function readAsset(pathname: string): Promise<{ body: Buffer; type: string } | undefined> {
  const asset = ASSETS[pathname];
  if (!asset) return undefined;
  let body = cache.get(asset.file);
  if (!body) cache.set(asset.file, (body = await readFile(`${ASSET_DIR}${asset.file}`)));
  return { body, type: asset.type };
}
