import { currentSession, recordStep, type StepStart } from '../../index.js';

/**
 * Runs `body` as a step of the current session, under the call in progress, so what it records nests
 * under it; outside a session it just runs `body`: an adapter records only where there is a session.
 */
export async function runAsStep<T>(start: StepStart, body: () => Promise<T>): Promise<T> {
  if (currentSession() === undefined) return body();
  const step = recordStep(start);
  try {
    const result = await step.run(body);
    step.complete(result);
    return result;
  } catch (error) {
    step.fail(error);
    throw error;
  }
}
