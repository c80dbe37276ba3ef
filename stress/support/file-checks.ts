import { unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';

/**
 * Whether a file a reader may open right now is whole: JSON files parse; in a JSON Lines log every line that
 * ends with a newline parses (the last line may still be being appended); a `.ep` package unzips and its
 * manifest parses. A missing file is whole.
 */
export async function fileProblem(file: string): Promise<string | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : `${file}: ${(error as Error).message}`;
  }
  if (file.endsWith('.ep')) {
    try {
      const manifest = unzipSync(bytes, { filter: (member) => member.name === 'manifest.json' })['manifest.json'];
      return manifest && parses(Buffer.from(manifest).toString('utf8')) ? undefined : `${file} has no readable manifest`;
    } catch (error) {
      return `${file} does not unzip: ${(error as Error).message}`;
    }
  }
  const text = bytes.toString('utf8');
  if (file.endsWith('.jsonl')) {
    const lines = text.split('\n').slice(0, -1);
    const bad = lines.findIndex((line) => !parses(line));
    return bad < 0 ? undefined : `${file} line ${bad + 1} does not parse`;
  }
  return parses(text) ? undefined : `${file} does not parse`;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Reads the files over and over while `until` is pending; returns the problems seen (each once). */
export async function watchFiles(
  files: () => Promise<string[]>,
  until: Promise<unknown>,
  intervalMs = 40,
): Promise<{ reads: number; problems: string[] }> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const problems = new Set<string>();
  let reads = 0;
  while (!done) {
    for (const file of await files()) {
      const problem = await fileProblem(file);
      reads += 1;
      if (problem) problems.add(problem);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return { reads, problems: [...problems] };
}
