import { definePlugin } from '../../kernel/plugin.js';
import { Diagnostics } from '../../diagnostics/diagnostics.js';
import { EP_VERSION } from '../../version.js';

export interface DiagnosticsOptions {
  readonly verbose?: boolean;
}

export const diagnosticsPlugin = definePlugin<DiagnosticsOptions>((options = {}) => ({
  id: 'builtin/diagnostics',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Log lines and progress bars on stderr.',
  provides: [Diagnostics],
  async register(registry) {
    const { StderrDiagnostics } = await import('../../diagnostics/diagnostics.js');
    registry.registerValue(Diagnostics, new StderrDiagnostics(process.stderr, options.verbose === true));
  },
}));
