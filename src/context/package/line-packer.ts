import type { Scenario } from '../../records/scenario.js';
import type { ContextPacker, PackRequest, PackResult } from './context-packer.js';
import { keyText } from '../../records/record-key.js';

export const TRUNCATION_MARKER = ' [...]';

/**
 * The seed's rendering: one line per record, `- [kind] key: summary`, in rank order. A record without a
 * summary shows its title, then its content. Lines that would overflow the budget are skipped whole (a
 * shorter one further down may still fit). When no line fits whole, the top match is cut to the budget and
 * ends in a visible marker, so a small budget still gives the best match rather than nothing.
 */
export class LinePacker implements ContextPacker {
  pack(request: PackRequest): PackResult {
    const budget = Math.max(0, Math.floor(request.charBudget));
    const lines: string[] = [];
    const includedPositions: number[] = [];
    let used = 0;
    request.matches.forEach(({ scenario }, position) => {
      const line = renderLine(scenario, request.keyField);
      const cost = codePoints(line) + (lines.length ? 1 : 0);
      if (used + cost > budget) return;
      lines.push(line);
      includedPositions.push(position);
      used += cost;
    });
    const keyAt = (position: number) => keyText(request.matches[position]!.scenario[request.keyField]);
    // The cut keeps at least one character of the line before the marker.
    if (request.matches.length > 0 && lines.length === 0 && budget > codePoints(TRUNCATION_MARKER)) {
      const line = renderLine(request.matches[0]!.scenario, request.keyField);
      const cut = [...line].slice(0, budget - codePoints(TRUNCATION_MARKER)).join('');
      return {
        promptContext: `${cut}${TRUNCATION_MARKER}`,
        includedKeys: [keyAt(0)],
        includedPositions: [0],
        omitted: request.matches.length - 1,
        truncated: true,
      };
    }
    return {
      promptContext: lines.join('\n'),
      includedKeys: includedPositions.map(keyAt),
      includedPositions,
      omitted: request.matches.length - includedPositions.length,
      truncated: false,
    };
  }
}

export function renderLine(record: Scenario, keyField: string): string {
  const kind = typeof record.kind === 'string' && record.kind ? `[${oneLine(record.kind)}] ` : '';
  const text = [record.summary, record.title, record.content].find((value) => typeof value === 'string' && value.trim() !== '');
  const key = oneLine(keyText(record[keyField]));
  return text === undefined ? `- ${kind}${key}` : `- ${kind}${key}: ${oneLine(text as string)}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff) count += 1;
  }
  return count;
}
