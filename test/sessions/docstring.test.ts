import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { leadingDirective } from '../../src/sessions/docstring.js';

// Functions are built from source text so each case shows exactly what Function.prototype.toString returns.
const fromSource = (source: string): ((...args: never[]) => unknown) =>
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point is to compile exactly this text
  new Function(`return (${source});`)() as (...args: never[]) => unknown;

describe("reading a function's docstring", () => {
  it('reads the leading directive of every kind of function', () => {
    const cases: Array<[string, string]> = [
      ['function plan(input) { "Plan the pilot."; return input; }', 'Plan the pilot.'],
      ["async function plan() {\n  'Single quotes.'\n  return 1;\n}", 'Single quotes.'],
      ['function* gen() { "A generator." }', 'A generator.'],
      ['async (input) => { "An arrow."; return input; }', 'An arrow.'],
      ['input => {\n  // a comment first\n  /* and another */ "After comments."\n}', 'After comments.'],
      ['({ a = {}, b = [1, 2] } = {}, c = (x) => { return x; }) => { "Past tricky parameters."; }', 'Past tricky parameters.'],
      ['function (a = ")", b = `}${"{"}`, c = /[)}]/) { "Past strings and a regex."; }', 'Past strings and a regex.'],
      ['function () { "use strict"; "After use strict."; }', 'After use strict.'],
      [
        'function () { "Escapes: \\"quoted\\", tab\\t, \\u00e9, \\x41, \\u{1F600}, it\\\'s." }',
        'Escapes: "quoted", tab\t, é, A, 😀, it\'s.',
      ],
      ['function () { "  Trimmed.  "; }', 'Trimmed.'],
      ['({ survey(input) { "A method."; return input; } }).survey', 'A method.'],
      ['(class { async brief() { "A class method."; } }).prototype.brief', 'A class method.'],
    ];
    for (const [source, expected] of cases) assert.equal(leadingDirective(fromSource(source)), expected, source);
  });

  it('finds none where the body does not open with a directive', () => {
    const cases = [
      'function () { return "not a directive"; }',
      'function () { "a".length; }',
      'function () { "a" + "b"; }',
      'function () {\n  "continued"\n  .trim();\n}',
      'function () { "use strict"; }',
      'function () { ""; }',
      '(input) => "an expression body"',
      'async () => ({ "key": 1 })',
      'class Survey { "method"() {} }',
      'function () {}',
    ];
    for (const source of cases) assert.equal(leadingDirective(fromSource(source)), undefined, source);
    assert.equal(leadingDirective(Math.max), undefined);
    assert.equal(
      leadingDirective(
        function bound() {
          'Bound.';
        }.bind(null),
      ),
      undefined,
    );
  });

  it('reads back any text written as a directive, in either quote', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.boolean(), (text, single) => {
        const literal = single ? `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'` : JSON.stringify(text);
        const expected = text === 'use strict' || text.trim() === '' ? undefined : text.trim();
        assert.equal(leadingDirective(fromSource(`function (input) { ${literal}; return input; }`)), expected);
      }),
    );
  });
});
