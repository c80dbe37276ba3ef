import { type ContextRecord, ContextSource, type TierName } from '../../src/context/assembly/contracts.js';
import { definePlugin, type EpPlugin } from '../../src/kernel/plugin.js';

/**
 * A small code base as context records: the session's working set (hot), the active package (warm) and
 * an earlier session's notes (cold). Auth records reference only auth records, so a focus on auth stays on it.
 */
export const SAMPLE_RECORDS: Readonly<Record<TierName, ContextRecord[]>> = {
  hot: [
    {
      key: 'uko-py:class/AuthManager',
      summary: 'Manages logins and auth tokens',
      content: 'class AuthManager:\n    def login(self, user, password): ...\n    def refresh(self, token): ...',
      module: 'uko-py:module/auth',
    },
  ],
  warm: [
    { key: 'uko-py:module/auth', summary: 'Authentication module', content: 'Login, logout and token refresh for the web app.' },
    { key: 'uko-py:function/check_auth_token', summary: 'Validates an auth token signature and expiry', module: 'uko-py:module/auth' },
    { key: 'uko-py:module/billing', summary: 'Billing module', content: 'Invoices, payments and refunds.' },
    { key: 'uko-py:class/InvoiceBuilder', summary: 'Builds invoices from orders', module: 'uko-py:module/billing' },
  ],
  cold: [
    { key: 'session:s-0001/node/7', summary: 'Reviewed the auth token refresh flow', content: 'Refresh tokens expire after 30 days.' },
    { key: 'session:s-0001/node/8', summary: 'Planned the invoice export', content: 'CSV export for the billing team.' },
  ],
};

/** An inline plugin contributing the sample records, one source per tier. */
export function sampleSourcesPlugin(records: Readonly<Record<TierName, ContextRecord[]>> = SAMPLE_RECORDS): EpPlugin {
  return definePlugin(() => ({
    id: 'test/context-samples',
    version: '1.0.0',
    engine: '>=0.1.0',
    provides: [ContextSource],
    register(registry) {
      for (const tier of Object.keys(records) as TierName[]) {
        const source: ContextSource = { id: `test/${tier}-samples`, tier, load: () => records[tier] };
        registry.registerValue(ContextSource, source);
      }
    },
  }))();
}
