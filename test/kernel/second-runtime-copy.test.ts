import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EpError } from '../../src/kernel/errors.js';
import { Kernel } from '../../src/kernel/kernel.js';
import { createToken, tokenArity } from '../../src/kernel/token.js';
import { currentSession, runWithState, type SessionState } from '../../src/sessions/session-context.js';
import { errorEnvelope } from '../../src/envelope/envelope.js';

// A plugin or agent module installed as its own package brings its own copy of the runtime: the same
// files loaded a second time as different modules. This copies the compiled runtime beside the project
// (so its own imports still resolve to this project's node_modules) and loads it next to the first.
const distRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let copyRoot: string;
const second = async <T>(module: string): Promise<T> => import(pathToFileURL(path.join(copyRoot, 'src', module)).href) as Promise<T>;

describe('a second copy of the runtime in the same process', () => {
  before(() => {
    copyRoot = mkdtempSync(path.join(distRoot, 'second-copy-'));
    cpSync(path.join(distRoot, 'src'), path.join(copyRoot, 'src'), { recursive: true });
  });
  after(() => rmSync(copyRoot, { recursive: true, force: true }));

  it('throws errors this copy recognises with their code, exit code and suggestion', async () => {
    const { EpError: OtherEpError } = await second<typeof import('../../src/kernel/errors.js')>('kernel/errors.js');
    assert.notEqual(OtherEpError, EpError, 'the copy must really be a second module');
    const thrown = new OtherEpError('ACME_NO_KEY', 'The acme search needs an API key.', { exitCode: 4, suggestion: 'Set ACME_KEY.' });
    assert.ok(thrown instanceof EpError);
    const { envelope, exitCode } = errorEnvelope(thrown);
    assert.equal(envelope.error.code, 'ACME_NO_KEY');
    assert.equal(envelope.error.suggestion, 'Set ACME_KEY.');
    assert.equal(exitCode, 4);
  });

  it("keeps the code of an EpError the other copy throws from a plugin's factory, naming the plugin", async () => {
    const { EpError: OtherEpError } = await second<typeof import('../../src/kernel/errors.js')>('kernel/errors.js');
    const Engine = createToken<object>('acme.test.Engine');
    const kernel = new Kernel([
      {
        origin: 'api',
        plugin: {
          id: 'acme/search',
          version: '1.0.0',
          engine: '*',
          provides: [Engine],
          register: (r) =>
            r.registerFactory(Engine, () => {
              throw new OtherEpError('ACME_NO_KEY', 'The acme search needs an API key.', { exitCode: 4 });
            }),
        },
      },
    ]);
    await kernel.start();
    assert.throws(
      () => kernel.get(Engine),
      (error) => {
        const { envelope, exitCode } = errorEnvelope(error);
        assert.equal(envelope.error.code, 'ACME_NO_KEY');
        assert.equal(exitCode, 4);
        assert.deepEqual(envelope.error.details, { plugin: 'acme/search', service: 'acme.test.Engine' });
        return true;
      },
    );
  });

  it('does not take an ordinary error with a code for an EpError', () => {
    const plain = Object.assign(new Error('no such file'), { code: 'ENOENT' });
    assert.equal(plain instanceof EpError, false);
  });

  it('shares the arity of a multi token the other copy created', async () => {
    const other = await second<typeof import('../../src/kernel/token.js')>('kernel/token.js');
    const token = other.createToken<string>('acme.test.Contribution', 'multi');
    assert.equal(tokenArity(token), 'multi');
    assert.equal(tokenArity(createToken<string>('acme.test.Single')), 'single');
  });

  it('shows agent code importing the other copy the session it runs in', async () => {
    const other = await second<typeof import('../../src/sessions/session-context.js')>('sessions/session-context.js');
    const state = { sessionId: 'shared-session' } as unknown as SessionState;
    const seen = await runWithState(state, async () => other.currentSession());
    assert.equal(seen, state);
    assert.equal(currentSession(), undefined);
  });
});
