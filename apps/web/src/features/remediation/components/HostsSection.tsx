import { Plus, Wifi } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDeleteButton } from '@/components/ConfirmDeleteButton';
import { PermissionButton } from '@/components/PermissionButton';
import { Spinner } from '@/components/Spinner';
import {
  useConfirmHostKey,
  useDeleteRemediationHost,
  useRemediationHosts,
  useTestRemediationHost,
} from '@/features/remediation/admin-api';
import { AddHostForm } from '@/features/remediation/components/AddHostForm';
import { HostKeyStatus } from '@/features/remediation/components/HostKeyStatus';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

type Props = {
  reason: string | null;
  /** Opens with the Add Host form, scrolled into view (from an execution that needs a host). */
  addingFirst?: boolean;
};

/**
 * The SSH hosts remediation connects to: Add Host (which tests the new host at once, to show its
 * key), Test, Confirm fingerprint, Delete (admins).
 */
export function HostsSection({ reason, addingFirst = false }: Props) {
  const hosts = useRemediationHosts();
  const test = useTestRemediationHost();
  const remove = useDeleteRemediationHost();
  const confirmKey = useConfirmHostKey();
  const [adding, setAdding] = useState(addingFirst);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (addingFirst) section.current?.scrollIntoView({ block: 'start' });
  }, [addingFirst]);
  const list = hosts.data?.hosts ?? [];
  return (
    <section ref={section} className="min-w-0 space-y-3" aria-label="SSH hosts">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">SSH Hosts</h3>
        <PermissionButton size="sm" reason={reason} onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Host
        </PermissionButton>
      </div>
      {adding && !reason && (
        <AddHostForm
          onCancel={() => setAdding(false)}
          onDone={(host) => {
            setAdding(false);
            test.mutate(host);
          }}
        />
      )}
      {hosts.isPending ? (
        <Spinner className="size-5" label="Loading hosts" />
      ) : hosts.error ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(hosts.error)}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No hosts yet.</p>
      ) : (
        <ul className="space-y-2">
          {list.map((host) => (
            <li
              key={host.id}
              className="flex min-w-0 flex-wrap items-start gap-3 rounded-md border p-3 text-sm"
              data-testid="remediation-host"
            >
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-medium break-words">{host.name}</p>
                <p className="font-mono text-xs break-all text-muted-foreground">
                  {host.username}@{host.address}:{host.port} · {host.authType} · {host.privilege}
                </p>
                <HostKeyStatus
                  host={host}
                  reason={reason}
                  busy={confirmKey.isPending}
                  onConfirm={(hostKeySha256) => confirmKey.mutate({ host, hostKeySha256 })}
                />
                <p className="text-xs text-muted-foreground">
                  Last connected:{' '}
                  {host.lastConnectedAt ? formatDateTime(host.lastConnectedAt) : 'never'}
                </p>
                {host.lastError && (
                  <p className="text-xs break-words text-destructive">{host.lastError}</p>
                )}
              </div>
              <div className="flex gap-2">
                <PermissionButton
                  size="sm"
                  variant="outline"
                  reason={reason}
                  disabled={test.isPending}
                  aria-label={`Test ${host.name}`}
                  onClick={() => test.mutate(host)}
                >
                  <Wifi aria-hidden="true" />
                  Test
                </PermissionButton>
                <ConfirmDeleteButton
                  name={host.name}
                  consequence="Its stored credentials are removed; remediation can no longer reach it."
                  reason={reason}
                  busy={remove.isPending}
                  onConfirm={() => remove.mutate(host)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
