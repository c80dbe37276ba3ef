import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScenarioContext } from '../../../src/context/package/scenario-context.js';
import { isEpError } from '../../../src/kernel/errors.js';
import { ScenarioList } from '../../../src/records/scenario-list.js';

const missing = (field: string) => (error: unknown) =>
  isEpError(error) && error.code === 'CONTEXT_SERVICES_REQUIRED' && error.details?.field === field && error.message.includes(field);

describe('ScenarioContext builds no services of its own', () => {
  const context = new ScenarioContext(new ScenarioList([{ key: 'note.a', summary: 'alpha' }]));

  it('keeps in-memory reads and writes working without any service', () => {
    assert.equal(context.upsert({ key: 'note.b', summary: 'beta' }).status, 'inserted');
    assert.equal(context.get('note.a')!.summary, 'alpha');
  });

  it('names the missing service when an operation needs one', async () => {
    assert.throws(() => context.search('alpha'), missing('engine'));
    assert.throws(() => context.pack({ query: 'alpha' }), missing('packer'));
    await assert.rejects(context.save('never-written.ep'), missing('store'));
    await assert.rejects(ScenarioContext.load('never-read.ep'), missing('store'));
    await assert.rejects(
      ScenarioContext.update('never-read.ep', () => undefined),
      missing('store'),
    );
  });
});
