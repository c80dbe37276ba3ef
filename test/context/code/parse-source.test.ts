import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { SourceParser } from '../../../src/context/code/parse-source.js';

const parser = new SourceParser();
after(() => parser.dispose());

const PYTHON = `"""Accounts."""
from .base import Base as B
import os.path


@register
class Account(B):
    """An account.

    Longer text."""

    def close(self, reason: str) -> None:
        """Close it."""
        def helper():
            return 1
        self.ledger.record(reason)
        return Ledger.flush(helper())


def open_account(name):
    return Account(name)
`;

describe('parsing Python', () => {
  it('finds classes, methods and functions with decorated signatures and docstrings', async () => {
    const parsed = await parser.parse(PYTHON, 'python');
    assert.equal(parsed.parseError, false);
    assert.equal(parsed.doc, 'Accounts.');
    assert.deepEqual(
      parsed.symbols.map((s) => [s.kind, s.name, s.startLine, s.endLine]),
      [
        ['class', 'Account', 6, 17],
        ['method', 'Account.close', 12, 17],
        ['function', 'open_account', 20, 21],
      ],
    );
    const [account, close] = parsed.symbols;
    assert.equal(account!.signature, '@register\nclass Account(B):');
    assert.equal(account!.doc, 'An account.\n\nLonger text.');
    assert.deepEqual(account!.members, [1]);
    assert.equal(close!.signature, 'def close(self, reason: str) -> None:');
  });

  it('keeps what each definition uses, and a function nested in a method stays part of it', async () => {
    const parsed = await parser.parse(PYTHON, 'python');
    const close = parsed.symbols[1]!;
    assert.ok(close.names.includes('Ledger') && close.names.includes('helper'));
    assert.deepEqual([...close.attributes].sort(), ['flush', 'ledger', 'record']);
    assert.ok(!parsed.symbols.some((s) => s.name.endsWith('helper')));
    assert.ok(parsed.symbols[2]!.names.includes('Account'));
  });

  it('reads relative and absolute imports', async () => {
    const parsed = await parser.parse(PYTHON, 'python');
    assert.deepEqual(parsed.imports, [
      { module: 'base', names: ['Base'], level: 1 },
      { module: 'os.path', names: [], level: 0 },
    ]);
  });

  it('degrades a file with a syntax error to its module', async () => {
    const parsed = await parser.parse('def broken(:\n    return 1\n', 'python');
    assert.equal(parsed.parseError, true);
    assert.deepEqual(parsed.symbols, []);
    assert.equal(parsed.lineCount, 2);
  });
});

const TYPESCRIPT = `import { Store } from './store.js';

/** Keeps sessions. */
export class Sessions extends Base implements Keeper {
  private count = 0;

  /** Opens one. */
  async open(user: User): Promise<Session> {
    return this.store.save(new Session(user));
  }
}

/** Adds one. */
export const increment = (value: number): number => value + 1;

export interface Keeper {
  open(user: User): Promise<Session>;
}
`;

describe('parsing TypeScript', () => {
  it('finds classes, methods, const-bound functions and interfaces, with doc comments', async () => {
    const parsed = await parser.parse(TYPESCRIPT, 'typescript');
    assert.equal(parsed.parseError, false);
    assert.deepEqual(
      parsed.symbols.map((s) => [s.kind, s.name, s.startLine, s.endLine]),
      [
        ['class', 'Sessions', 3, 11],
        ['method', 'Sessions.open', 7, 10],
        ['function', 'increment', 13, 14],
        ['interface', 'Keeper', 16, 18],
      ],
    );
    const [sessions, open, increment] = parsed.symbols;
    assert.equal(sessions!.signature, 'export class Sessions extends Base implements Keeper');
    assert.equal(sessions!.doc, 'Keeps sessions.');
    assert.equal(open!.signature, 'async open(user: User): Promise<Session>');
    assert.equal(increment!.signature, 'export const increment = (value: number): number =>');
    assert.deepEqual(parsed.imports, [{ module: './store.js', names: ['Store'], level: 0 }]);
    assert.ok(sessions!.names.includes('Base') && sessions!.names.includes('Keeper') && sessions!.attributes.includes('save'));
  });

  it('degrades a file with a syntax error to its module', async () => {
    assert.equal((await parser.parse('export function broken( {\n', 'typescript')).parseError, true);
  });
});
