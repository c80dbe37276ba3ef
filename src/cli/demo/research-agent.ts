import { agent } from '../../sessions/agent-function.js';
import { askUser } from '../../sessions/ask-user.js';
import { contextForPrompt } from '../../sessions/call-tool.js';
import { callModel } from '../../sessions/model-call.js';

/**
 * The research agent `ep demo` runs (`plan`), and the one examples/session-agent extends with more steps.
 * Instructions live on the methods (the `@agent` decorator); the bodies stay small. It lives here, not in
 * examples/, because the published package ships `ep demo` and not the examples.
 */
export class ResearchAgent {
  @agent('Survey the topic. List three findings, one line each, and name a source for each.')
  async survey(_input: { topic: string }): Promise<string> {
    return callModel();
  }

  @agent('Write a one-paragraph brief on the topic for the audience the user names, building on the survey.')
  async brief(input: { topic: string }): Promise<string> {
    await this.survey({ topic: input.topic });
    const audience = await askUser(`Who is the brief on ${input.topic} for?`);
    return callModel(`Audience: ${audience ?? 'not given; write for a general reader'}`);
  }

  @agent('Plan the next study for the task. Follow the preferences and constraints in the context; list three steps.')
  async plan(input: { task: string }): Promise<string> {
    // The assembled context (active packages, earlier sessions) goes into the prompt with the instructions.
    const context = await contextForPrompt({ purpose: input.task, query: input.task, max_tokens: 400 });
    await this.survey({ topic: input.task });
    const audience = await askUser(`Who will read the plan for "${input.task}"?`);
    return callModel(`${context}\nAudience: ${audience ?? 'the research team'}`);
  }
}
