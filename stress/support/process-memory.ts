import { readFileSync } from 'node:fs';

const MIB = 1024 * 1024;

/** Resident memory of a live process from `/proc/<pid>/status`: now (`VmRSS`) and its peak so far (`VmHWM`), in MiB. */
export function residentMemory(pid: number): { readonly now: number; readonly peak: number } | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { now: (kib('VmRSS') * 1024) / MIB, peak: (kib('VmHWM') * 1024) / MIB };
}

/**
 * Samples a process's resident memory every `everyMs` until stopped. The kernel's own high-water mark is
 * read with each sample too, so a peak between two samples is not missed.
 */
export class MemorySampler {
  private highest = 0;
  private samples = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    everyMs = 50,
  ) {
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  sample(): void {
    const memory = residentMemory(this.pid);
    if (!memory) return;
    this.samples += 1;
    this.highest = Math.max(this.highest, memory.now, Number.isNaN(memory.peak) ? 0 : memory.peak);
  }

  /** Takes a last sample, stops, and returns the peak in MiB and the number of samples taken. */
  stop(): { readonly peakMiB: number; readonly samples: number } {
    this.sample();
    clearInterval(this.timer);
    return { peakMiB: this.highest, samples: this.samples };
  }
}
