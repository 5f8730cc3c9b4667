// A unified diff of two texts (configuration files are small: a line LCS is enough).

/** `diff -u` style: ---/+++ headers, hunks with 3 lines of context; '' when equal. */
export function unifiedDiff(path: string, before: string, after: string, context = 3): string {
  if (before === after) return '';
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  // LCS table from the ends.
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (lcs[i] as number[])[j] =
        a[i] === b[j]
          ? ((lcs[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((lcs[i + 1] as number[])[j] as number, (lcs[i] as number[])[j + 1] as number);
  type Line = { tag: ' ' | '-' | '+'; text: string; ai: number; bi: number };
  const script: Line[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      script.push({ tag: ' ', text: a[i] as string, ai: i++, bi: j++ });
    } else if (
      i < a.length &&
      (j >= b.length ||
        ((lcs[i + 1] as number[])[j] as number) >= ((lcs[i] as number[])[j + 1] as number))
    ) {
      // Deletions before insertions, as GNU diff writes a changed line.
      script.push({ tag: '-', text: a[i] as string, ai: i++, bi: j });
    } else script.push({ tag: '+', text: b[j] as string, ai: i, bi: j++ });
  }
  const out = [`--- ${path}`, `+++ ${path} (after)`];
  const changed = script.map((l, k) => (l.tag === ' ' ? -1 : k)).filter((k) => k >= 0);
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, (changed[k] as number) - context);
    let end = Math.min(script.length, (changed[k] as number) + context + 1);
    while (k + 1 < changed.length && (changed[k + 1] as number) - context <= end) {
      k++;
      end = Math.min(script.length, (changed[k] as number) + context + 1);
    }
    const hunk = script.slice(start, end);
    const first = hunk[0] as Line;
    const aLen = hunk.filter((l) => l.tag !== '+').length;
    const bLen = hunk.filter((l) => l.tag !== '-').length;
    out.push(`@@ -${first.ai + (aLen ? 1 : 0)},${aLen} +${first.bi + (bLen ? 1 : 0)},${bLen} @@`);
    for (const l of hunk) out.push(`${l.tag}${l.text}`);
    k++;
  }
  return `${out.join('\n')}\n`;
}
