import { definePlugin } from '../../kernel/plugin.js';
import { ContextPacker } from '../../context/package/context-packer.js';
import { EP_VERSION } from '../../version.js';

/** The default prompt packing: `- [kind] key: summary` lines within a character budget. */
export const contextPackPlugin = definePlugin(() => ({
  id: 'builtin/context-pack',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Packs ranked context records into budgeted "- [kind] key: summary" lines.',
  provides: [ContextPacker],
  async register(registry) {
    const { LinePacker } = await import('../../context/package/line-packer.js');
    registry.registerValue(ContextPacker, new LinePacker());
  },
}));
