import assert from 'node:assert/strict';
import { ScenarioList, type ScoredScenario } from '../../src/records/scenario-list.js';
import type { Scenario } from '../../src/records/scenario.js';
import type { EpWorld } from './world.js';

/** Drives ScenarioList through the library for the records and search features. */
export class RecordsDriver {
  list = new ScenarioList();
  /** The list before the last action, and a deep copy of its records then, to prove it was not changed. */
  before?: { list: ScenarioList; snapshot: string };
  result: unknown;
  error: unknown;

  run(action: (list: ScenarioList) => unknown): void {
    this.before = { list: this.list, snapshot: JSON.stringify(this.list.toArray()) };
    try {
      this.result = action(this.list);
      this.error = undefined;
    } catch (error) {
      this.result = undefined;
      this.error = error;
    }
  }

  /** `run` for an action that settles later (a search through the library API, which starts a runtime). */
  async runAsync(action: (list: ScenarioList) => Promise<unknown>): Promise<void> {
    this.before = { list: this.list, snapshot: JSON.stringify(this.list.toArray()) };
    try {
      this.result = await action(this.list);
      this.error = undefined;
    } catch (error) {
      this.result = undefined;
      this.error = error;
    }
  }

  /** The records of the last result, whether a ScenarioList or scored items. */
  resultRecords(): Scenario[] {
    assert.equal(this.error, undefined, `the action failed: ${String(this.error)}`);
    if (this.result instanceof ScenarioList) return this.result.toArray();
    if (Array.isArray(this.result)) return (this.result as ScoredScenario[]).map((item) => item.scenario);
    throw new Error(`the result is not a list: ${JSON.stringify(this.result)}`);
  }

  get scores(): number[] {
    assert.ok(Array.isArray(this.result), 'the result has scores');
    return (this.result as ScoredScenario[]).map((item) => item.score);
  }
}

export function recordsOf(world: EpWorld): RecordsDriver {
  let driver = world.values.get('records') as RecordsDriver | undefined;
  if (!driver) {
    driver = new RecordsDriver();
    world.values.set('records', driver);
  }
  return driver;
}

/** "a, b, c" → ["a", "b", "c"]; "" → []. */
export function listOf(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
