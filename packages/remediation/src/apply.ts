// The desired state of a configuration file: the action's operations applied to the text read
// from the host. The dry run shows the difference; the apply writes it.
import type { Operation } from './types.ts';

const FILE_KINDS = ['set-option', 'set-directive', 'ensure-line', 'insert-line'] as const;
type FileOperation = Extract<Operation, { kind: (typeof FILE_KINDS)[number] }>;

/** Whether the operation edits a file's text. */
export const editsFile = (op: Operation): op is FileOperation =>
  (FILE_KINDS as readonly string[]).includes(op.kind);

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The operations that edit a file, by file, in order. */
export function fileOperations(operations: Operation[]): Map<string, FileOperation[]> {
  const byFile = new Map<string, FileOperation[]>();
  for (const op of operations)
    if (editsFile(op)) byFile.set(op.file, [...(byFile.get(op.file) ?? []), op]);
  return byFile;
}

/** The line that sets an option, in the file's syntax. */
export const optionLine = (op: Extract<Operation, { kind: 'set-option' }>): string =>
  op.syntax === 'equals' ? `${op.key}=${op.value}` : `${op.key} ${op.value}`;

/** The line with its `key ...;` directive given the wanted value; throws when it sets no such key. */
function setDirective(line: string | undefined, op: Extract<Operation, { kind: 'set-directive' }>) {
  const directive = new RegExp(`(^|[\\s{;])${escapeRegex(op.key)}\\s[^;]*;`);
  if (line === undefined || !directive.test(line))
    throw new Error(`line ${op.line + 1} of ${op.file} no longer sets ${op.key}`);
  return line.replace(directive, (_, before: string) => `${before}${op.key} ${op.value};`);
}

/**
 * `text` with the operations applied. set-option: the first active line of the key is replaced
 * (keeping its indentation) and later active ones are commented out (sshd and others take the first); with none, the line
 * goes after a commented-out one of the key, else at the end. ensure-line: added at the end
 * unless the same line (ignoring surrounding spaces) is there. insert-line: last, so that every
 * line number stays the one read (the lower anchors first, each anchor's lines in order).
 */
export function applyToText(text: string, operations: FileOperation[]): string {
  const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const inserts = new Map<number, string[]>();
  for (const op of operations) {
    if (op.kind === 'insert-line') {
      inserts.set(op.after, [...(inserts.get(op.after) ?? []), op.line]);
      continue;
    }
    if (op.kind === 'ensure-line') {
      if (!lines.some((l) => l.trim() === op.line.trim())) lines.push(op.line);
      continue;
    }
    if (op.kind === 'set-directive') {
      lines[op.line] = setDirective(lines[op.line], op);
      continue;
    }
    const separator = op.syntax === 'equals' ? '\\s*=' : '\\s';
    const active = new RegExp(`^\\s*${escapeRegex(op.key)}${separator}`);
    const commented = new RegExp(`^\\s*#\\s*${escapeRegex(op.key)}${separator}`);
    const wanted = optionLine(op);
    const first = lines.findIndex((l) => active.test(l));
    if (first >= 0) {
      // The line keeps its indentation (an nginx directive inside its block).
      lines[first] = `${(lines[first] as string).match(/^\s*/)?.[0] ?? ''}${wanted}`;
      for (let i = first + 1; i < lines.length; i++)
        if (active.test(lines[i] as string)) lines[i] = `# ${lines[i]} (superseded by NetGuard)`;
      continue;
    }
    const hint = lines.findIndex((l) => commented.test(l));
    if (hint >= 0) lines.splice(hint + 1, 0, wanted);
    else lines.push(wanted);
  }
  for (const [after, added] of [...inserts].sort(([a], [b]) => b - a)) {
    const anchor = lines[after];
    if (anchor === undefined) throw new Error(`the file has no line ${after + 1} to insert after`);
    const indent = anchor.match(/^\s*/)?.[0] ?? '';
    lines.splice(after + 1, 0, ...added.map((l) => `${indent}${l}`));
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
