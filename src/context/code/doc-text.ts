/** A Python string literal's text without prefix and quotes, dedented the way `inspect.cleandoc` does. */
export function pythonDocstring(literal: string): string {
  const body = literal.replace(/^[rRuUbBfF]{0,2}("""|'''|"|')/, '').replace(/("""|'''|"|')$/, '');
  return cleanDoc(body);
}

/** A `/** ... *\/` comment's text without the delimiters and leading asterisks; '' for other comments. */
export function jsDocText(comment: string): string {
  if (!comment.startsWith('/**')) return '';
  const body = comment
    .slice(3, -2)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
  return cleanDoc(body.join('\n'));
}

export function firstLine(doc: string): string {
  const end = doc.indexOf('\n');
  return (end < 0 ? doc : doc.slice(0, end)).trim();
}

function cleanDoc(text: string): string {
  const lines = text.replace(/\t/g, '    ').split('\n');
  let indent = Infinity;
  for (const line of lines.slice(1)) if (line.trim() !== '') indent = Math.min(indent, line.length - line.trimStart().length);
  const cleaned = [lines[0]!.trim(), ...lines.slice(1).map((line) => (indent === Infinity ? line : line.slice(indent)).trimEnd())];
  while (cleaned.length > 0 && cleaned[cleaned.length - 1] === '') cleaned.pop();
  while (cleaned.length > 0 && cleaned[0] === '') cleaned.shift();
  return cleaned.join('\n');
}
