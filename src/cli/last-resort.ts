import { withRealStdout } from '../util/stdout-diversion.js';
import { envelopeWritten, errorEnvelope, writeEnvelope } from '../envelope/envelope.js';

/**
 * The CLI's promise that stdout is one envelope and never a stack trace also covers failures no handler
 * catches (an error thrown from an event emitter or a timer): they become an `INTERNAL_ERROR` envelope and
 * exit code 1. When the command has already printed its envelope (the failure came from a timer its work
 * left running), the error envelope goes to stderr, so stdout still holds exactly one. `EP_DEBUG=1` adds
 * the stack on stderr.
 */
export function installLastResortHandlers(): (error: unknown) => never {
  let reported = false;
  const report = (error: unknown): never => {
    if (!reported) {
      reported = true;
      try {
        const { envelope } = errorEnvelope(error);
        if (envelopeWritten()) process.stderr.write(`${JSON.stringify(envelope)}\n`);
        // The failure may come from a timer of diverted code; its report still belongs on stdout.
        else withRealStdout(() => writeEnvelope(envelope));
      } catch {
        // stdout itself is gone (a closed pipe): nothing left to tell.
      }
      if (process.env.EP_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    }
    process.exit(1);
  };
  process.on('uncaughtException', report);
  process.on('unhandledRejection', report);
  return report;
}
