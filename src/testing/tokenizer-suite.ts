import assert from 'node:assert/strict';
import type { Tokenizer } from '../tokenizer/tokenizer.js';
import { conformanceCase, type ConformanceSuite, type Subject } from './conformance-suite.js';

const TEXTS = [
  '',
  'a',
  'Plan a conjoint pricing pilot.',
  'café привет 🚀 γειά',
  '\ud800 lone surrogate',
  '  \n\t spaces  ',
  '{"key": [1, 2.5]}',
];

/** The `Tokenizer` contract (`ep.Tokenizer`): budgets are counted with it, so counts must be sound numbers. */
export function tokenizerConformance(subject: Subject<Tokenizer>): ConformanceSuite {
  const check = (name: string, body: (tokenizer: Tokenizer) => Promise<void> | void) => conformanceCase(name, subject, body);
  return {
    contract: 'Tokenizer',
    cases: [
      check('names itself and says whether its counts are exact', (tokenizer) => {
        assert.ok(typeof tokenizer.name === 'string' && tokenizer.name.length > 0, 'the tokenizer name is empty');
        assert.equal(typeof tokenizer.exact, 'boolean');
      }),
      check('counts any text as a whole number of tokens, none for empty text', async (tokenizer) => {
        const counter = await tokenizer.load();
        assert.equal(counter.count(''), 0);
        for (const text of TEXTS) {
          const count = counter.count(text);
          assert.ok(Number.isSafeInteger(count) && count >= 0, `count(${JSON.stringify(text)}) is ${count}`);
        }
        assert.ok(counter.count('a') > 0, 'a non-empty text counts no tokens');
      }),
      check('counts the same text the same way every time, across loads', async (tokenizer) => {
        const [first, second] = [await tokenizer.load(), await tokenizer.load()];
        for (const text of TEXTS) assert.equal(first.count(text), second.count(text), `count(${JSON.stringify(text)}) changed`);
      }),
      check('counts more tokens for more text', async (tokenizer) => {
        const counter = await tokenizer.load();
        const sentence = 'Plan a conjoint pricing pilot with three price points. ';
        assert.ok(counter.count(sentence.repeat(20)) > counter.count(sentence), 'twenty sentences count no more than one');
        assert.ok(
          counter.count(sentence.repeat(20)) <= 20 * counter.count(sentence) + 20,
          'repeating a sentence counts far more than each copy',
        );
      }),
    ],
  };
}
