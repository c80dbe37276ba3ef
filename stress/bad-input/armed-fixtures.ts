import { execSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import path from 'node:path';
import type { Figures } from '../support/figures.js';
import type { Sandbox } from '../support/sandbox.js';
import type { CorpusContext } from './cases.js';
import { hostilePackage } from './hostile-packages.js';

const ARMED_KINDS = ['fsmonitor', 'hooksPath', 'hooks', 'filters', 'info attributes', 'included config'];

/**
 * Proves the hostile packages are loaded: unpacked and used with plain git (status, add, commit), each one
 * must leave its canary. Only then does "no canary after ep used them" mean something. The canaries are
 * removed afterwards, so they do not count against ep.
 */
export function proveFixturesArmed(context: CorpusContext, sandbox: Sandbox, figures: Figures): void {
  for (const kind of ARMED_KINDS) {
    const dir = path.join(sandbox.tmp, `armed-${kind.replace(/\W+/g, '-')}`);
    for (const [name, data] of Object.entries(unzipSync(hostilePackage(kind, context.base, context).bytes))) {
      const file = path.join(dir, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, data);
      if (name.includes('hooks')) chmodSync(file, 0o755);
    }
    try {
      execSync('git status; echo changed >> scenarios/000001.json; git add -A; git -c user.name=a -c user.email=a@b commit -qm x', {
        cwd: dir,
        env: sandbox.env(),
        stdio: 'ignore',
      });
    } catch {
      // A hostile filter may make git fail; the canary is what counts.
    }
    const prefix = `canary-${kind.replace(/\W+/g, '-')}-`;
    const canaries = readdirSync(sandbox.root).filter((name) => name.startsWith(prefix));
    if (canaries.length === 0) figures.defect(`the "${kind}" package fixture ran nothing under plain git: it proves nothing`);
    else figures.add('hostile package fixtures proven to run commands under plain git');
    for (const name of canaries) rmSync(path.join(sandbox.root, name), { force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}
