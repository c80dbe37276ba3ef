import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';

const MODULE = pathToFileURL(path.resolve(import.meta.dirname, '../../src/util/stdout-diversion.js')).href;

/** Runs `body` (ES module code with the module's functions in scope) in its own node process. */
async function run(body: string): Promise<{ stdout: string[]; stderr: string[] }> {
  const source = `import { divertStdout, sealStdout, withRealStdout } from ${JSON.stringify(MODULE)};\n${body}`;
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', source]);
  const lines = (text: string) => text.split('\n').filter(Boolean);
  return { stdout: lines(stdout), stderr: lines(stderr) };
}

describe('diverting stdout to stderr', () => {
  it('sends what diverted code prints to stderr, timers that fire after it returned included', async () => {
    const seen = await run(`
      divertStdout(() => {
        console.log('console.log');
        process.stdout.write('write\\n');
        setTimeout(() => console.log('timer after return'), 30);
        Promise.resolve().then(() => process.stdout.write('promise\\n'));
      });
      process.stdout.write('outside\\n');
      setTimeout(() => process.stdout.write('after\\n'), 60);
    `);
    assert.deepEqual(seen.stdout, ['outside', 'after']);
    assert.deepEqual(seen.stderr, ['console.log', 'write', 'promise', 'timer after return']);
  });

  it('keeps concurrent code outside the diversion on stdout, and ends with an error too', async () => {
    const seen = await run(`
      const tick = setInterval(() => process.stdout.write('host\\n'), 2);
      const failing = divertStdout(async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        process.stdout.write('agent\\n');
        throw new Error('agent failed');
      });
      await failing.catch((error) => process.stdout.write(error.message + '\\n'));
      clearInterval(tick);
      console.log('host done');
    `);
    assert.ok(seen.stdout.filter((line) => line === 'host').length > 1, seen.stdout.join(','));
    assert.deepEqual(
      seen.stdout.filter((line) => line !== 'host'),
      ['agent failed', 'host done'],
    );
    assert.deepEqual(seen.stderr, ['agent']);
  });

  it('lets a report reach the real stdout from inside diverted code, and survives a replaced write', async () => {
    const seen = await run(`
      divertStdout(() => withRealStdout(() => process.stdout.write('envelope\\n')));
      const plain = process.stdout.write;
      process.stdout.write = function (...args) { return plain.apply(this, args); };
      divertStdout(() => console.log('diverted again'));
    `);
    assert.deepEqual(seen.stdout, ['envelope']);
    assert.deepEqual(seen.stderr, ['diverted again']);
  });

  it('sends everything to stderr once stdout is sealed, exit listeners included', async () => {
    const seen = await run(`
      divertStdout(() => process.on('exit', () => process.stdout.write('on exit\\n')));
      process.stdout.write('result\\n');
      sealStdout();
      console.log('after the result');
    `);
    assert.deepEqual(seen.stdout, ['result']);
    assert.deepEqual(seen.stderr, ['after the result', 'on exit']);
  });
});
