import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
type Measure = (text: unknown) => number;
const bundled = require(path.join(root, 'scripts/ascii-string-width.cjs')) as Measure;
const stringWidth = require('string-width') as Measure;

/** Text as help cells hold it: option names and descriptions, escapes, accents, wide characters and emoji. */
const cellText = fc
  .array(
    fc.oneof(
      fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) }),
      fc.constantFrom('\u001b[1m', '\u001b[0m', '\t', '\n', 'é', 'ü', '显示帮助信息', 'Показать', '👍', '👩‍💻', '#️⃣', '\u0301', '\u00a0'),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

describe('the width the CLI bundle gives yargs for help cells', () => {
  it('is the width string-width gives, for any text', () => {
    fc.assert(fc.property(cellText, (text) => assert.equal(bundled(text), stringWidth(text), JSON.stringify(text))));
  });

  it('is 0 for what is not text, as string-width says', () => {
    for (const value of [undefined, null, 12, ''] as const) assert.equal(bundled(value), stringWidth(value));
  });
});
