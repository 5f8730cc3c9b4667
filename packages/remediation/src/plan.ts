// A host plan: an action's operations with the files as read from the host and as they will be
// written. The dry run shows its diffs; the renderers write it as a shell script and a playbook.
import { applyToText, editsFile, fileOperations } from './apply.ts';
import { unifiedDiff } from './diff.ts';
import type { ActionParams, HostFacts, Operation, RemediationAction } from './types.ts';

export type FileChange = { path: string; before: string; after: string; diff: string };

export type HostPlan = {
  actionId: string;
  operations: Operation[];
  /** Every file the action edits, with its diff ('' when already as wanted). */
  files: FileChange[];
  /** Whether anything changes (a file, or an operation that always acts). */
  changes: boolean;
};

/**
 * The plan of `action` for a finding (`params`), from the current contents of the files it edits
 * (`read` returns '' for a file that does not exist) and what was read of the host (`host`).
 */
export async function planHostAction(
  action: RemediationAction,
  params: ActionParams,
  read: (path: string) => Promise<string>,
  host?: HostFacts,
): Promise<HostPlan> {
  const operations = action.operations(params, host);
  const files: FileChange[] = [];
  for (const [path, ops] of fileOperations(operations)) {
    const before = await read(path);
    const after = applyToText(before, ops);
    files.push({ path, before, after, diff: unifiedDiff(path, before, after) });
  }
  const acts = operations.some((op) => !editsFile(op) && op.kind !== 'reload-service');
  return {
    actionId: action.id,
    operations,
    files,
    changes: acts || files.some((f) => f.before !== f.after),
  };
}
