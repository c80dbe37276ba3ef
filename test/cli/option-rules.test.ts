import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkOptionValues, type DeclaredOptions } from '../../src/cli/option-rules.js';

const require = createRequire(import.meta.url);
const yargs = require('yargs/yargs') as typeof import('yargs/yargs');

/** Parses `args` with a command declared the way ep's commands are, and applies the rules as `ep` does. */
function parse(args: string[]): { ok: true } | { ok: false; code?: string; message: string; option?: unknown } {
  let outcome: ReturnType<typeof parse> = { ok: true };
  // Synchronous parse: no command handler is async, so nothing is left pending.
  void yargs(args)
    .parserConfiguration({ 'greedy-arrays': false })
    .option('plugin', { type: 'string', array: true, global: true })
    .check((parsed, options) => {
      checkOptionValues(parsed, options as unknown as DeclaredOptions, args);
      return true;
    }, true)
    .command(
      'show <id>',
      'show',
      (y) =>
        y
          .positional('id', { type: 'string' })
          .option('query', { type: 'string' })
          .option('session', { type: 'string', alias: 'resume' })
          .option('message', { type: 'string', default: '' })
          .option('field', { type: 'string', array: true })
          .option('top-k', { type: 'number' })
          .option('tree', { type: 'boolean' }),
      () => undefined,
    )
    .strict()
    .exitProcess(false)
    .fail((message, error) => {
      const failure = error as { code?: string; details?: { option?: unknown } } | undefined;
      outcome = { ok: false, message: error?.message ?? message, code: failure?.code, option: failure?.details?.option };
    })
    .parse();
  return outcome;
}

describe("rules every command's options follow", () => {
  it('accepts single values and repeated array options', () => {
    assert.deepEqual(parse(['show', 'x', '--query', 'q', '--top-k', '3', '--field', 'a', '--field', 'b', '--tree']), { ok: true });
    assert.deepEqual(parse(['--plugin', 'p', 'show', 'x', '--plugin=q']), { ok: true });
  });

  it('refuses a single-value option given twice, under any of its names', () => {
    for (const args of [
      ['--query', 'a', '--query', 'b'],
      ['--session', 'a', '--resume', 'b'],
      ['--top-k', '1', '--topK=2'],
    ]) {
      const outcome = parse(['show', 'x', ...args]);
      assert.equal(outcome.ok, false, args.join(' '));
      assert.match((outcome as { message: string }).message, /was given 2 times; give it once/);
      assert.equal((outcome as { code?: string }).code, 'USAGE_ERROR');
    }
  });

  it('refuses empty string values, options and positionals alike, unless the option defaults to empty', () => {
    for (const args of [['x', '--query'], ['x', '--query', ''], ['x', '--query='], ['x', '--field', 'a', '--field', ''], ['']]) {
      const outcome = parse(['show', ...args]);
      assert.equal(outcome.ok, false, args.join(' '));
      assert.match((outcome as { message: string }).message, /needs a value/);
    }
    assert.match((parse(['show', '']) as { message: string }).message, /^<id> needs/);
    assert.deepEqual(parse(['show', 'x', '--message', '']), { ok: true });
  });

  it('refuses a number option without a number, including the empty value yargs reads as 0', () => {
    for (const args of [['--top-k'], ['--top-k', ''], ['--top-k='], ['--topK='], ['--top-k', 'many'], ['--top-k', '--tree']]) {
      const outcome = parse(['show', 'x', ...args]);
      assert.equal(outcome.ok, false, args.join(' '));
      assert.match((outcome as { message: string }).message, /--top-k needs a number/);
    }
    assert.deepEqual(parse(['show', 'x', '--top-k', '0']), { ok: true });
    assert.deepEqual(parse(['show', 'x', '--', '--top-k=']), { ok: true });
  });

  it('accepts any non-empty value given once, and refuses any given twice', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((value) => !value.startsWith('-')),
        (value) => {
          assert.deepEqual(parse(['show', 'x', '--query', value]), { ok: true });
          assert.equal(parse(['show', 'x', '--query', value, '--query', value]).ok, false);
        },
      ),
      { numRuns: 50 },
    );
  });
});
