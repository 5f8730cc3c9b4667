import type { TSiemIntegration } from '@netguard/contracts';
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
import { useDeleteSiemIntegration } from '@/features/siem/api';

type Props = { integration: TSiemIntegration; reason: string | null };

/** Delete, after a confirmation naming what is lost. */
export function DeleteIntegrationButton({ integration, reason }: Props) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSiemIntegration();
  return (
    <>
      <PermissionButton
        variant="outline"
        size="sm"
        reason={reason}
        disabled={remove.isPending}
        onClick={() => setOpen(true)}
        aria-label={`Delete ${integration.name}`}
      >
        <Trash2 aria-hidden="true" />
        Delete
      </PermissionButton>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {integration.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              Events stop being forwarded to this SIEM, and its delivery log and backlog are
              removed. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={() => remove.mutate(integration)}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
