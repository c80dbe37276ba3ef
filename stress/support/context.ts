import type { TargetContext } from '../targets/target.js';
import type { Sandbox } from './sandbox.js';

/** The options every `ep` process of a case runs with: the sandbox's working dir and canary environment. */
export function targetContext(sandbox: Sandbox, defaultTimeoutMs: number): TargetContext {
  return { sandbox, run: (timeoutMs = defaultTimeoutMs) => ({ cwd: sandbox.work, env: sandbox.env(), timeoutMs }) };
}

/** Counts whatever a case left outside its temp dir. */
export async function checkEscapes(sandbox: Sandbox, figures: import('./figures.js').Figures, where: string): Promise<void> {
  const { canaries, escapes } = await sandbox.intruders();
  for (const name of canaries) figures.fail('commands run from packages', `${where}: ${name}`);
  for (const name of escapes) figures.fail('escapes', `${where}: ${name} was written outside the temp dir`);
}
