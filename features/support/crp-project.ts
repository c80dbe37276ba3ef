import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import type { EpWorld } from './world.js';

interface ContextConfig {
  files: { path: string; tier: string; maxDepth?: number }[];
  budget?: { maxTokens: number; reservedTokens: number };
}

function configOf(world: EpWorld): ContextConfig {
  let config = world.values.get('contextConfig') as ContextConfig | undefined;
  if (!config) {
    config = { files: [] };
    world.values.set('contextConfig', config);
  }
  return config;
}

/** Rewrites `.edsl/ep.json` from the scenario's context files and budget. */
async function writeConfig(world: EpWorld): Promise<void> {
  const config = configOf(world);
  await world.writeJson('.edsl/ep.json', {
    options: {
      'builtin/context-files': { files: config.files },
      ...(config.budget ? { 'builtin/context': config.budget } : {}),
    },
  });
}

export async function addRecordsFile(world: EpWorld, file: string, tier: string, jsonLines: string, maxDepth?: number): Promise<void> {
  await world.writeFile(file, `${jsonLines.trim()}\n`);
  configOf(world).files.push({ path: file, tier, ...(maxDepth === undefined ? {} : { maxDepth }) });
  await writeConfig(world);
}

export async function setBudget(world: EpWorld, maxTokens: number, reservedTokens: number): Promise<void> {
  configOf(world).budget = { maxTokens, reservedTokens };
  await writeConfig(world);
}

let encoder: Tiktoken | undefined;

/** An independent cl100k_base count, to check the counts ep reports. */
export function exactTokenCount(text: string): number {
  encoder ??= new Tiktoken(cl100k);
  return encoder.encode(text, [], []).length;
}

export interface FragmentView {
  uko_node: string;
  content: string;
  detail_depth: number;
  token_count: number;
  provenance: { resource_uri: string; location: string; strategy: string };
}

/** The fragment for a node in the last envelope; fails when it is absent. */
export function fragmentOf(world: EpWorld, node: string): FragmentView {
  const fragments = world.lastEnvelope.data.fragments as FragmentView[];
  const found = fragments.find((fragment) => fragment.uko_node === node);
  if (!found) throw new Error(`No fragment for ${node}; got ${fragments.map((f) => f.uko_node).join(', ') || 'none'}`);
  return found;
}
