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
};

/** Delete, after a confirmation naming what is lost. */
export function ConfirmDeleteButton({ name, consequence, reason, busy, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PermissionButton
        variant="outline"
        size="sm"
        reason={reason}
        disabled={busy}
        onClick={() => setOpen(true)}
        aria-label={`Delete ${name}`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </PermissionButton>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {name}?</AlertDialogTitle>
            <AlertDialogDescription>{consequence} This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={onConfirm}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
