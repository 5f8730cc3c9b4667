export type TDiffLineKind = 'header' | 'hunk' | 'add' | 'remove' | 'context';
export type TDiffLine = { kind: TDiffLineKind; text: string };

/**
 * A unified diff's lines with what each is: file headers (---/+++), hunk headers (@@), added,
 * removed, or context.
 * @example diffLines('@@ -1 +1 @@\n-a\n+b') // hunk, remove, add
 */
export function diffLines(diff: string): TDiffLine[] {
  const lines = diff.replace(/\n$/, '').split('\n');
  return lines.map((text) => ({ kind: kindOf(text), text }));
}

function kindOf(line: string): TDiffLineKind {
  if (line.startsWith('+++ ') || line.startsWith('--- ')) return 'header';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'remove';
  return 'context';
}
