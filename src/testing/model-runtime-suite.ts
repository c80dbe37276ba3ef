import assert from 'node:assert/strict';
import type { ModelRuntime } from '../models/model-runtime.js';
import { conformanceCase, type ConformanceSuite, type Subject } from './conformance-suite.js';

export interface ModelRuntimeConformanceOptions {
  /** A prompt the runtime under test can answer (a scripted or recorded runtime may need a known one). */
  readonly prompt?: string;
}

/** The `ModelRuntime` contract (`ep.ModelRuntime`): a prompt in, a text reply out, and cancellation honoured. */
export function modelRuntimeConformance(subject: Subject<ModelRuntime>, options: ModelRuntimeConformanceOptions = {}): ConformanceSuite {
  const prompt = options.prompt ?? 'Instructions: reply with one short sentence.\n\nRequest: say hello.';
  const check = (name: string, body: (runtime: ModelRuntime) => Promise<void> | void) => conformanceCase(name, subject, body);
  return {
    contract: 'ModelRuntime',
    cases: [
      check('names its kind', (runtime) => {
        assert.ok(typeof runtime.kind === 'string' && runtime.kind.length > 0, 'the runtime kind is empty');
      }),
      check('answers a prompt with text', async (runtime) => {
        const reply = await runtime.complete({ prompt, caller: 'conformance' });
        assert.equal(typeof reply.text, 'string');
        if (reply.model !== undefined) assert.equal(typeof reply.model, 'string');
        JSON.stringify(reply);
      }),
      check('refuses a request whose signal is already aborted', async (runtime) => {
        const controller = new AbortController();
        controller.abort(new Error('cancelled by the caller'));
        await assert.rejects(runtime.complete({ prompt, signal: controller.signal }));
      }),
    ],
  };
}
