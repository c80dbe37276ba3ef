import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { trustConfig } from '../../src/api/trust.js';
import { EpRuntime, type RuntimeOptions } from '../../src/runtime/runtime.js';
import type { EpWorld } from './world.js';

/** The environment library calls in a scenario run with: the scenario's own EP_HOME, where trust is kept. */
export function libraryEnv(world: EpWorld): Record<string, string | undefined> {
  return { ...process.env, EP_HOME: world.home };
}

/** Trusts the project's config as it is now, through the library, as `ep trust` would. */
export async function trustProjectConfig(world: EpWorld): Promise<void> {
  await trustConfig(undefined, { cwd: world.dir, env: libraryEnv(world) });
}

/**
 * Writes `.edsl/ep.json` and trusts it: the project's own config, for scenarios about what configured
 * plugins do once loaded (`trust.feature` covers configs that are not trusted).
 */
export async function writeTrustedConfig(world: EpWorld, config: unknown): Promise<void> {
  await world.writeJson('.edsl/ep.json', config);
  await trustProjectConfig(world);
}

/**
 * Source of a plugin module that leaves `marker` (an absolute path) the moment it is imported, so a
 * scenario can prove a module was never loaded.
 */
export function markerPluginSource(id: string, marker: string): string {
  return `import { writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(marker)}, 'imported');
export default function createPlugin() {
  return { id: ${JSON.stringify(id)}, version: '1.0.0', engine: '>=0.1.0', register() {} };
}
`;
}

export function markerExists(world: EpWorld, name: string): boolean {
  return existsSync(world.resolve(name));
}

export const PLUGIN_MARKER = 'plugin-imported.marker';
export const MODEL_COMMAND_MARKER = 'model-command-ran.marker';

/** A project config naming a plugin module that leaves {@link PLUGIN_MARKER} when imported. */
export async function writeMarkerPluginProject(world: EpWorld): Promise<void> {
  await world.writeFile('plugins/marker.mjs', markerPluginSource('acme/marker', world.resolve(PLUGIN_MARKER)));
  await world.writeJson('.edsl/ep.json', { plugins: ['./plugins/marker.mjs'] });
}

/** A project config choosing the command model runtime with a program that leaves {@link MODEL_COMMAND_MARKER}. */
export async function writeModelCommandProject(world: EpWorld): Promise<void> {
  const script =
    `require('node:fs').writeFileSync(${JSON.stringify(world.resolve(MODEL_COMMAND_MARKER))}, 'ran');` +
    `process.stdin.resume(); process.stdin.on('end', () => process.stdout.write('three findings'));`;
  await world.writeJson('.edsl/ep.json', {
    providers: { 'ep.ModelRuntime': 'builtin/model-command' },
    options: { 'builtin/model-command': { command: process.execPath, args: ['-e', script] } },
  });
}

/** Starts and stops a runtime from code, keeping the plugin ids it started with, or the error it failed with. */
export async function startFromCode(world: EpWorld, options: Omit<RuntimeOptions, 'cwd' | 'env'> = {}): Promise<void> {
  try {
    const runtime = await EpRuntime.create({ cwd: world.dir, env: libraryEnv(world), ...options });
    world.values.set(
      'startedPlugins',
      runtime.kernel.plugins.map((source) => source.plugin.id),
    );
    await runtime.shutdown();
  } catch (error) {
    world.values.set('startError', error);
  }
}

/** The real path `ep trust` records for the scenario's project config. */
export function projectConfigRealPath(world: EpWorld): string {
  return path.join(realpathSync(world.dir), '.edsl', 'ep.json');
}
