import { execa } from 'execa';

/**
 * The real python3 as the reference for Python's `json` module: it writes the fixtures and judges what `ep`
 * stored and printed. Every script reads its input as JSON on stdin and prints one line.
 */
async function python(script: string, input: unknown): Promise<string> {
  const result = await execa('python3', ['-c', `import json, sys, zipfile\nargs = json.load(sys.stdin)\n${script}`], {
    input: JSON.stringify(input),
    reject: false,
    timeout: 30_000,
    stripFinalNewline: false,
  });
  if (result.exitCode !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  return result.stdout;
}

/**
 * A record as Python's `json.dumps` writes it, with every number form Python has: `1.0`, `-0.0`, `1e+300`,
 * NaN, ±Infinity, 2^53 + 1, 10^30, and the literal `100000000000000.007` (a float Python reads as
 * `100000000000000.0`). Stamps are given, so the stored record is exactly the one written.
 */
export function pythonRecordText(key: string): Promise<string> {
  return python(
    `
record = {
    "key": args["key"], "kind": "note", "summary": "Python number forms",
    "float_one": 1.0, "negative_zero": -0.0, "huge_float": 1e300, "not_a_number": float("nan"),
    "infinity": float("inf"), "minus_infinity": float("-inf"), "above_2_53": 2**53 + 1, "ten_30": 10**30,
    "nested": {"floats": [1.0, 2.5, 1e16, 1e-05], "ints": [2**53 + 1, -(10**30)]},
    "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
}
sys.stdout.write(json.dumps(record)[:-1] + ', "long_decimal": 100000000000000.007}')
`,
    { key },
  );
}

/** Python's `json.dumps(json.loads(text), indent=2, sort_keys=True) + "\n"`: how EDSL stores a record. */
export function pythonDumps(text: string): Promise<string> {
  return python('sys.stdout.write(json.dumps(json.loads(args), indent=2, sort_keys=True) + "\\n")', text);
}

/** The value at a dotted path of a JSON text as Python reads it, written back as Python stores it. */
export function pythonReads(text: string, dotted: string): Promise<string> {
  return python(
    `
value = json.loads(args["text"])
for segment in filter(None, args["path"].split(".")):
    value = value[int(segment)] if isinstance(value, list) else value[segment]
sys.stdout.write(json.dumps(value, indent=2, sort_keys=True) + "\\n")
`,
    { text, path: dotted },
  );
}

/** The record as a strict JSON reader sees it when non-finite numbers are written as null. */
export function pythonDumpsNonFiniteAsNull(text: string): Promise<string> {
  return python('sys.stdout.write(json.dumps(json.loads(args, parse_constant=lambda name: None), indent=2, sort_keys=True) + "\\n")', text);
}

/** The bytes of the record file holding `key`, read by Python from the package's files (a zip). */
export function pythonPackageRecordFile(packagePath: string, key: string): Promise<string> {
  return python(
    `
with zipfile.ZipFile(args["package"]) as archive:
    names = [name for name in archive.namelist() if name.startswith("scenarios/") and name.endswith(".json")]
    found = [archive.read(name).decode("ascii") for name in names if json.loads(archive.read(name))["key"] == args["key"]]
assert len(found) == 1, f"{len(found)} record files hold {args['key']}"
sys.stdout.write(found[0])
`,
    { package: packagePath, key },
  );
}

/** Records as a JSON array or JSON Lines file, written by Python from record texts. */
export function pythonRecordsFile(texts: readonly string[], format: 'array' | 'lines'): Promise<string> {
  return format === 'array'
    ? python('sys.stdout.write("[" + ", ".join(args) + "]")', texts)
    : python('sys.stdout.write("\\n".join(args) + "\\n")', texts);
}
