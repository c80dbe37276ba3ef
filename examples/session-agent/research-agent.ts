/**
 * An example agent for `ep run`. `survey`, `brief` and `plan` are the research agent `ep demo` runs
 * (src/cli/demo/research-agent.ts); the steps added here show parallel calls, subprocesses, synchronous
 * methods, cancellation and failures. Instructions live on the methods (the `@agent` decorator); the bodies
 * stay small. Build with `npm run build`, then for example:
 *
 *   ep run dist/examples/session-agent/research-agent.js#ResearchAgent.brief --input '{"topic":"tides"}'
 *   ep run dist/examples/session-agent/research-agent.js#ResearchAgent.survey --input '{"topic":"moons"}' --session <id>
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ResearchAgent as DemoResearchAgent } from '../../src/cli/demo/research-agent.js';
import { agent, callModel, currentSignal } from '../../src/index.js';
import { runAgentInSubprocess } from '../../src/sessions-entry.js';

const THIS_MODULE = fileURLToPath(import.meta.url);

export class ResearchAgent extends DemoResearchAgent {
  @agent('Compare several topics: survey each one, then summarise the differences.')
  async compare(input: { topics: string[] }): Promise<string> {
    await Promise.all(input.topics.map((topic) => this.survey({ topic })));
    return callModel();
  }

  @agent('Hand the survey to a separate process, then summarise it.')
  async delegate(input: { topic: string }): Promise<string> {
    await runAgentInSubprocess(`${THIS_MODULE}#ResearchAgent.survey`, { topic: input.topic });
    return callModel();
  }

  @agent('Survey several topics, each in its own process, then summarise them.')
  async delegateAll(input: { topics: string[] }): Promise<string> {
    await Promise.all(input.topics.map((topic) => runAgentInSubprocess(`${THIS_MODULE}#ResearchAgent.survey`, { topic })));
    return callModel();
  }

  @agent('Count the words of a text (a synchronous step).')
  countWords(input: { text: string }): number {
    return input.text.split(/\s+/).filter(Boolean).length;
  }

  @agent('Wait for a slow source; stops when the run is cancelled.')
  async wait(input: { ms: number }): Promise<string> {
    await sleep(input.ms, undefined, { signal: currentSignal() });
    return 'done';
  }

  @agent('Check the topic before surveying it.')
  async check(input: { topic: string }): Promise<string> {
    if (input.topic.trim() === '') throw new Error('the topic is empty');
    return callModel();
  }
}
