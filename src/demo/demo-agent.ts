import { agent } from '../session/agent-function.js';
import { askUser } from '../session/ask-user.js';
import { callModel } from '../session/model-call.js';

/** The small agent `ep demo` runs: one function that calls a nested one and asks the user a question. */
export class DemoAgent {
  @agent('Outline a short note on the topic: three headings, one line each.')
  async outline(input: { topic: string }): Promise<string> {
    return callModel();
  }

  @agent('Write a short note on the topic in the tone the user asks for, following the outline.')
  async note(input: { topic: string }): Promise<string> {
    await this.outline({ topic: input.topic });
    const tone = await askUser(`Which tone should the note on ${input.topic} take?`);
    return callModel(`Tone: ${tone ?? 'neutral'}`);
  }
}
