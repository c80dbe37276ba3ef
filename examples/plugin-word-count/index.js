// An ep plugin needs nothing from ep at import time: service tokens are registry-global symbols, so
// `Symbol.for('ep.Tool')` is the same token ep itself uses.
const Tool = Symbol.for('ep.Tool');
/** This plugin's own service. Other plugins may depend on it by the same symbol. */
export const WordCounter = Symbol.for('acme.WordCounter');

class DefaultWordCounter {
  constructor(minLength) {
    this.minLength = minLength;
  }

  count(text) {
    return text.split(/\s+/).filter((word) => word.length >= this.minLength).length;
  }
}

/** The factory ep calls with the options from the config entry. */
export default function wordCountPlugin(options = {}) {
  return {
    id: 'acme/word-count',
    version: '1.0.0',
    engine: '>=0.1.0 <1.0.0',
    description: 'Counts words; contributes the acme/word-count tool.',
    provides: [WordCounter, Tool],
    register(registry) {
      registry.registerValue(WordCounter, new DefaultWordCounter(options.minLength ?? 1));
      registry.registerFactory(Tool, (services) => ({
        name: 'acme/word-count',
        description: 'Count the words in a text.',
        inputSchema: {
          type: 'object',
          properties: { text: { type: 'string', description: 'The text to count' } },
          required: ['text'],
          additionalProperties: false,
        },
        capabilities: ['read_only', 'idempotent'],
        call: ({ text }) => ({ words: services.get(WordCounter).count(text) }),
      }));
    },
  };
}
