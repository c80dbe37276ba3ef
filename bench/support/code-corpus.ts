import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './measure.js';

export interface CodeCorpus {
  readonly files: number;
  readonly lines: number;
}

const countLines = (text: string) => text.split('\n').length;

/**
 * A source tree of about `targetLines` lines under `dir`: real JavaScript, copied from the packages in
 * node_modules (minified and oversized files left out), and a generated Python package of classes whose
 * methods call one another across modules. An empty `.edsl/` makes `dir` the root.
 */
export async function buildCodeCorpus(dir: string, targetLines: number): Promise<CodeCorpus> {
  await mkdir(path.join(dir, '.edsl'), { recursive: true });
  const jsTarget = Math.round(targetLines * 0.7);
  let lines = 0;
  let files = 0;
  for (const source of await javascriptFiles(path.join(REPO_ROOT, 'node_modules'))) {
    if (lines >= jsTarget) break;
    const text = await readFile(source, 'utf8');
    const relative = path.relative(path.join(REPO_ROOT, 'node_modules'), source).split(path.sep).join('/');
    // Build-output directory names (dist/) would be skipped as generated; the copies are read as source.
    const target = path.join(dir, 'js', relative.replace(/node_modules\//g, 'nm/').replace(/(^|\/)(dist|build|vendor)\//g, '$1$2-src/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    lines += countLines(text);
    files += 1;
  }
  for (let module = 0; lines < targetLines; module += 1) {
    const text = pythonModule(module);
    const target = path.join(dir, 'py', `pkg${module % 20}`, `mod${module}.py`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    lines += countLines(text);
    files += 1;
  }
  return { files, lines };
}

async function javascriptFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(full);
      else if (/\.(js|mjs|cjs)$/.test(entry.name) && !/\.min\.js$/.test(entry.name) && (await stat(full)).size < 200_000) found.push(full);
    }
  };
  await visit(root);
  return found;
}

function pythonModule(index: number): string {
  const lines = [
    `"""Module ${index}: accounts, ledgers and reports for region ${index % 7}."""`,
    `from pkg${(index + 1) % 20} import mod${index + 1}`,
    '',
  ];
  for (let c = 0; c < 4; c += 1) {
    const name = `Service${index}x${c}`;
    lines.push(
      '',
      '',
      `class ${name}(Base${c}):`,
      `    """Handles ledger entries of kind ${c} for module ${index}."""`,
      '',
      `    limit = ${c * 10}`,
    );
    for (let m = 0; m < 5; m += 1) {
      lines.push(
        '',
        `    def step${m}(self, amount: int, note: str = "") -> int:`,
        `        """Step ${m}: adjust the amount and record a note."""`,
        `        total = amount + ${m}`,
        `        if total > self.limit:`,
        `            total = Service${index + 1}x${(c + 1) % 4}().step${(m + 1) % 5}(total)`,
        `        for part in range(${m + 1}):`,
        '            total += part',
        `        self.record(note, total)`,
        '        return total',
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
