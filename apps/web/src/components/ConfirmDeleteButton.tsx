import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { PermissionButton } from '@/components/PermissionButton';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

type Props = {
  /** What is deleted, as the user knows it. */
  name: string;
  /** What is lost, for the confirmation. */
  consequence: string;
  /** Why the role may not delete it, or null. */
  reason: string | null;
  busy: boolean;
  onConfirm: () => void;
  /** What the button does, when it is not deleting (e.g. "Revoke"). */
  verb?: string;
};

/** Delete (or another `verb`), after a confirmation naming what is lost. */
export function ConfirmDeleteButton(props: Props) {
  const { name, consequence, reason, busy, onConfirm, verb = 'Delete' } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <PermissionButton
        variant="outline"
        size="sm"
        reason={reason}
        disabled={busy}
        onClick={() => setOpen(true)}
        aria-label={`${verb} ${name}`}
      >
        <Trash2 aria-hidden="true" />
        {verb}
      </PermissionButton>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {verb} {name}?
            </AlertDialogTitle>
            <AlertDialogDescription>{consequence} This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={onConfirm}
            >
              {verb}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
