import 'reflect-metadata';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { container } from 'tsyringe';
import { inject, injectable } from '../../src/kernel/di.js';
import { createToken } from '../../src/kernel/token.js';
import { agent } from '../../src/sessions/agent-function.js';
import { openSession } from '../../src/sessions/session-context.js';
import { MemorySessionStore } from './memory-store.js';

interface Greeting {
  readonly word: string;
}
const Greeting = createToken<Greeting>('test.Greeting');

@injectable()
class Greeter {
  constructor(@inject(Greeting) private readonly greeting: Greeting) {}

  @agent('Greet the person by name.')
  greet(input: { name: string }): string {
    return `${this.greeting.word}, ${input.name}`;
  }
}

describe('the agent decorator with tsyringe', () => {
  it('records calls of an injectable class resolved from a container', async () => {
    const child = container.createChildContainer();
    child.register(Greeting, { useValue: { word: 'Hello' } });
    const store = new MemorySessionStore();
    const id = await openSession({ store }, (h) => {
      assert.equal(child.resolve(Greeter).greet({ name: 'Ada' }), 'Hello, Ada');
      return h.sessionId;
    });
    assert.deepEqual(
      store.nodes(id).map((n) => [n.name, n.instructions, n.output]),
      [['greet', 'Greet the person by name.', 'Hello, Ada']],
    );
  });
});
