import { mkdir } from 'node:fs/promises';
import type { EpWorld } from './world.js';

/**
 * A small multi-module Python package mirroring the CRP seed: `auth` with `AuthManager`, the base class it
 * extends, the token store it calls, and a view that calls it.
 */
export const PYTHON_PROJECT: Readonly<Record<string, string>> = {
  'pkg/__init__.py': '"""The sample application."""\n',
  'pkg/base.py': `"""Base classes for authenticators."""


class BaseAuth:
    """Common ground for authenticators."""

    def check(self, user):
        """Whether a user may log in."""
        return user is not None
`,
  'pkg/auth.py': `"""Authentication: passwords and session tokens."""
from .base import BaseAuth
from .tokens import TokenStore


class AuthManager(BaseAuth):
    """Checks passwords and issues session tokens.

    Locks accounts after repeated failures.
    """

    retries = 3

    @staticmethod
    def hash_password(password: str) -> str:
        """Hash a password for storage."""
        return password[::-1]

    def login(self, user: str, password: str) -> str:
        """Log a user in and return a session token."""
        attempts = self.retries
        if not self.check(user) or attempts == 0:
            raise PermissionError(user)
        return TokenStore().issue(user)
`,
  'pkg/tokens.py': `"""Session tokens."""


class TokenStore:
    """Keeps session tokens."""

    def issue(self, user):
        """Issue a session token for a user."""
        return f"token-{user}"
`,
  'pkg/views.py': `"""Web views."""
from pkg.auth import AuthManager


def login_view(request):
    """Handle the login form."""
    return AuthManager().login(request.user, request.password)
`,
  'pkg/billing.py': `"""Invoices."""


def send_invoice(customer):
    """Email an invoice."""
    return customer
`,
};

/** A TypeScript project where `Scenario.offload` reaches `ScenarioOffloader`, which extends a base class. */
export const TYPESCRIPT_PROJECT: Readonly<Record<string, string>> = {
  'src/base.ts': `/** What an offload wrote. */
export interface OffloadResult {
  bytes: number;
}

/** Moves values out of memory. */
export abstract class Offloader {
  abstract run(): OffloadResult;
}
`,
  'src/offloader.ts': `import { Offloader, type OffloadResult } from './base.js';
import type { Scenario } from './scenario.js';

/** Moves a scenario's large values to disk. */
export class ScenarioOffloader extends Offloader {
  constructor(private readonly scenario: Scenario) {
    super();
  }

  /** Writes the values and says how many bytes. */
  run(): OffloadResult {
    if (this.scenario.size() === 0) return { bytes: 0 };
    return { bytes: this.scenario.size() };
  }
}
`,
  'src/scenario.ts': `import type { OffloadResult } from './base.js';
import { ScenarioOffloader } from './offloader.js';

/** One scenario of a survey. */
export class Scenario {
  size(): number {
    return 1;
  }

  /** Moves this scenario's large values to disk. */
  offload(): OffloadResult {
    return new ScenarioOffloader(this).run();
  }
}
`,
  'src/report.ts': `/** Formats a number of bytes. */
export const formatBytes = (bytes: number): string => \`\${bytes} B\`;
`,
};

/** Writes a fixture project, with an empty `.edsl/` so the scenario directory is the source root. */
export async function writeCodeProject(world: EpWorld, files: Readonly<Record<string, string>>): Promise<void> {
  await mkdir(world.resolve('.edsl'), { recursive: true });
  for (const [file, text] of Object.entries(files)) await world.writeFile(file, text);
}

/** The exact text of lines `start`..`end` (1-based, inclusive) of a fixture file. */
export function linesOf(text: string, start: number, end: number): string {
  return text
    .split('\n')
    .slice(start - 1, end)
    .join('\n');
}
