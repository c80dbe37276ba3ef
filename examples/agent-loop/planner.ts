/**
 * The agent function the loop runs: instructions on the method (`@agent`), the assembled context for the
 * task in the prompt (`contextForPrompt`), the model's answer back (`callModel`).
 */
import { agent, callModel, contextForPrompt } from '../../src/index.js';

export class Planner {
  @agent('Plan the next step of the task. Follow the preferences and constraints in the context.')
  async plan(input: { task: string }): Promise<string> {
    return callModel(await contextForPrompt({ purpose: input.task, query: input.task }));
  }
}
