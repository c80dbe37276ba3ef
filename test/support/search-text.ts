import fc from 'fast-check';

const WORDS = ['pricing', 'Pricing', 'pilot', 'conjoint', 'back', 'navigation', 'the', 'a', 'İstanbul', 'ÉTÉ', 'été', 'x', '😀', 'ﬀ'];
const SEPARATORS = [' ', '.', '_', '-', '/', ':', '#', '\t', '\u00a0', '\u3000', ''];

/**
 * Text made of words the ranking tests care about (cases, accents, letters that change length when
 * lowercased, astral characters) joined by every separator the tokenizer splits on, and none.
 */
export const searchText = fc
  .array(
    fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)).map(([word, separator]) => word + separator),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));
