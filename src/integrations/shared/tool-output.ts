/** A tool's output as the text a model reads: a string as it is, anything else as JSON. */
export function stringifiedOutput(output: unknown): string {
  return typeof output === 'string' ? output : (JSON.stringify(output) ?? 'null');
}
