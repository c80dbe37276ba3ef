import { EpError, ExitCode } from '../kernel/errors.js';
import { isRecordList, type RecordList } from '../records/record-list.js';
import { assertScenario } from '../records/scenario.js';
import type { HistoryVersion } from './package-store-contract.js';

// What every store's saveHistory checks the same way, so a history is refused with the same codes whatever holds it.

/** The time a version is saved with: its own timestamp, else now. A timestamp that is no date is refused. */
export function versionTime(version: HistoryVersion, shown: string, number: number): Date {
  if (version.timestamp === undefined) return new Date();
  const when = new Date(version.timestamp);
  if (Number.isNaN(when.getTime())) {
    throw new EpError(
      'INVALID_HISTORY',
      `Version ${number} of the history for ${shown} has no valid time: ${JSON.stringify(version.timestamp)}.`,
      {
        exitCode: ExitCode.validation,
        details: { path: shown, version: number, timestamp: version.timestamp },
      },
    );
  }
  return when;
}

/** The version's records, each a JSON object; anything else is refused before it is written. */
export function versionRecords(version: HistoryVersion, shown: string, number: number): RecordList {
  const list = version.list;
  if (!isRecordList(list)) {
    throw new EpError('INVALID_RECORD', `Version ${number} of the history for ${shown} is not a list of records (a ScenarioList).`, {
      exitCode: ExitCode.validation,
      details: { path: shown, version: number },
    });
  }
  [...list].forEach((record, i) => assertScenario(record, `Record ${i} of version ${number} of the history for ${shown}`));
  return list;
}

export function contextExists(shown: string): EpError {
  return new EpError('CONTEXT_EXISTS', `${shown} already holds a context; a history is saved only to a new place.`, {
    exitCode: ExitCode.validation,
    details: { path: shown },
    suggestion: 'Name a new .ep file or database context to copy to.',
  });
}

export function emptyHistory(shown: string): EpError {
  return new EpError('INVALID_HISTORY', `The history to save to ${shown} has no version.`, {
    exitCode: ExitCode.validation,
    details: { path: shown },
  });
}
