#!/usr/bin/env node
// Compiles with tsc into dist/, removes outputs whose source file is gone (tsc never deletes them, and a
// stale step definition or test would still run), type-checks and bundles the web UI's page (src/ui/app,
// Preact) with esbuild into dist/src/ui/assets/, which the package ships and `ep ui` serves, then bundles the
// CLI into dist/cli/ (see bundle-cli.mjs).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCli } from './bundle-cli.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function build() {
  const status = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')], {
    stdio: 'inherit',
    cwd: root,
  }).status;
  if (status !== 0) return status ?? 1;
  removeStaleOutputs(path.join(root, 'dist'));
  const ui = buildUiAssets();
  if (ui !== 0) return ui;
  await bundleCli(path.join(root, 'dist'));
  return 0;
}

const UI_APP = path.join(root, 'src/ui/app');
const UI_ASSETS = path.join(root, 'dist/src/ui/assets');

function buildUiAssets() {
  const checked = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(UI_APP, 'tsconfig.json')],
    {
      stdio: 'inherit',
      cwd: root,
    },
  ).status;
  if (checked !== 0) return checked ?? 1;
  rmSync(UI_ASSETS, { recursive: true, force: true });
  mkdirSync(UI_ASSETS, { recursive: true });
  try {
    createRequire(import.meta.url)('esbuild').buildSync({
      entryPoints: [path.join(UI_APP, 'main.tsx')],
      outfile: path.join(UI_ASSETS, 'app.js'),
      bundle: true,
      format: 'esm',
      target: 'es2022',
      minify: true,
      legalComments: 'eof',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      logLevel: 'warning',
    });
  } catch {
    return 1;
  }
  for (const file of ['index.html', 'app.css', 'icon.svg']) copyFileSync(path.join(UI_APP, file), path.join(UI_ASSETS, file));
  return 0;
}

function removeStaleOutputs(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (file === path.join(root, 'dist/cli')) continue;
    if (statSync(file).isDirectory()) {
      removeStaleOutputs(file);
      continue;
    }
    const match = /^(.*)\.(js|js\.map|d\.ts|d\.ts\.map)$/.exec(entry);
    if (!match) continue;
    const source = path.join(root, path.relative(path.join(root, 'dist'), dir), `${match[1]}.ts`);
    if (!existsSync(source)) rmSync(file);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(await build());
