import { agent } from '../../sessions/agent-function.js';
import { askUser } from '../../sessions/ask-user.js';
import { contextForPrompt } from '../../sessions/call-tool.js';
import { callModel } from '../../sessions/model-call.js';

/**
 * The small agent `ep demo` runs: `plan` assembles context from the active package into its prompt, then
 * calls a nested function and asks the user a question.
 */
export class DemoAgent {
  @agent('Plan the study for the task. Follow the preferences and constraints in the context; list three steps.')
  async plan(input: { task: string }): Promise<string> {
    const context = await contextForPrompt({ purpose: input.task, query: input.task, max_tokens: 400 });
    await this.outline({ topic: input.task });
    const audience = await askUser(`Who will read the plan for "${input.task}"?`);
    return callModel(`${context}\nAudience: ${audience ?? 'the research team'}`);
  }

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
