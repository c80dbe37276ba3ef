import { After } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import {
  AssembledContext,
  type ContextBudget,
  ContextFragment,
  ContextRequest,
  type DetailLevelMap,
  type FragmentProvenance,
  type ContextFragmentInit,
  type ContextRequestInit,
} from '../../src/context/assembly/index.js';
import { ToolRegistry } from '../../src/skills/tool.js';
import { EpRuntime } from '../../src/runtime/runtime.js';
import { buildContextSkill } from '../../src/skills/context/context-skill.js';
import type { SkillDefinition } from '../../src/skills/skill-definition.js';
import { sampleSourcesPlugin } from './crp-samples.js';
import type { EpWorld } from './world.js';

/** A purpose for requests whose scenario does not name one (the model requires it). */
export const DEFAULT_PURPOSE = 'Inspect the context request';

/**
 * Drives the CRP library for one scenario: the models under construction, a runtime with the context
 * plugins, and the last tool results.
 */
export class CrpDriver {
  map?: DetailLevelMap;
  parent?: DetailLevelMap;
  child?: DetailLevelMap;
  provenance?: FragmentProvenance;
  budget?: ContextBudget;
  assembled?: AssembledContext;
  skill?: SkillDefinition;
  fragmentInit: Partial<ContextFragmentInit> = {};
  requestInit: Partial<ContextRequestInit> = {};
  assembledInit: { totalTokens?: number; budgetUsed?: number; contextHash?: string } = {};
  readonly results = new Map<string, any>();
  private runtime?: EpRuntime;

  constructor(private readonly world: EpWorld) {}

  fragment(): ContextFragment {
    return new ContextFragment({ ukoNode: 'uko-py:module/x', content: '', detailDepth: 0, tokenCount: 0, ...this.fragmentInit });
  }

  request(): ContextRequest {
    return new ContextRequest({ purpose: DEFAULT_PURPOSE, ...this.requestInit });
  }

  assembledContext(): AssembledContext {
    const { totalTokens = 0, budgetUsed = 0, contextHash = 'unset' } = this.assembledInit;
    return new AssembledContext({ totalTokens, budgetUsed, contextHash });
  }

  /** Asserts that `build` fails validation with an error naming `field`. */
  expectInvalid(build: () => unknown, field: string): void {
    assert.throws(build, (error: any) => {
      assert.equal(error.code, 'CRP_INVALID', error.message);
      assert.equal(error.exitCode, 5);
      assert.ok(error.message.includes(field), `"${error.message}" should name ${field}`);
      return true;
    });
  }

  async startRuntime(withSamples: boolean): Promise<EpRuntime> {
    await this.stop();
    this.runtime = await EpRuntime.create({ cwd: this.world.dir, config: {}, plugins: withSamples ? [sampleSourcesPlugin()] : [] });
    return this.runtime;
  }

  async registry(): Promise<ToolRegistry> {
    return (this.runtime ?? (await this.startRuntime(false))).get(ToolRegistry);
  }

  async callTool(result: string, name: string, input: Record<string, unknown>): Promise<any> {
    const output = await (await this.registry()).call(name, input);
    this.results.set(result, output);
    return output;
  }

  async buildSkill(): Promise<SkillDefinition> {
    this.skill = buildContextSkill(await this.registry());
    return this.skill;
  }

  result(name: string): any {
    const value = this.results.get(name);
    assert.ok(value !== undefined, `no ${name} result yet`);
    return value;
  }

  async stop(): Promise<void> {
    const runtime = this.runtime;
    this.runtime = undefined;
    await runtime?.shutdown();
  }
}

const drivers = new WeakMap<EpWorld, CrpDriver>();

export function crp(world: EpWorld): CrpDriver {
  let driver = drivers.get(world);
  if (!driver) {
    driver = new CrpDriver(world);
    drivers.set(world, driver);
  }
  return driver;
}

After(async function (this: EpWorld) {
  await drivers.get(this)?.stop();
});
