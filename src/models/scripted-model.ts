import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { ModelReply, ModelRequest, ModelRuntime } from './model-runtime.js';

export interface ScriptedModelOptions {
  /** Replies given in turn (cycling); without them each reply is derived from the prompt. */
  readonly replies?: readonly string[];
  /** A JSON Lines file every prompt and reply is appended to (the plugin also reads `EP_SCRIPTED_RECORD`). */
  readonly record?: string;
}

export interface RecordedPrompt {
  readonly caller: string | null;
  readonly prompt: string;
  readonly reply: string;
}

/**
 * A model runtime with no network: deterministic replies, and a record of every prompt it was sent, so
 * tests and the demo can check exactly what a model would have seen.
 */
export class ScriptedModelRuntime implements ModelRuntime {
  readonly kind = 'scripted';
  readonly prompts: RecordedPrompt[] = [];
  private next = 0;

  constructor(private readonly options: ScriptedModelOptions = {}) {}

  async complete(request: ModelRequest): Promise<ModelReply> {
    request.signal?.throwIfAborted();
    const replies = this.options.replies;
    const text =
      replies && replies.length > 0
        ? replies[this.next++ % replies.length]!
        : `Scripted reply to ${request.caller ?? 'a prompt'} (${createHash('sha256').update(request.prompt).digest('hex').slice(0, 8)})`;
    const recorded: RecordedPrompt = { caller: request.caller ?? null, prompt: request.prompt, reply: text };
    this.prompts.push(recorded);
    if (this.options.record) appendFileSync(this.options.record, `${JSON.stringify(recorded)}\n`);
    return { text, model: 'scripted' };
  }
}
