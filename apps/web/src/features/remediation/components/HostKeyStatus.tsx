import type { TRemediationHost } from '@netguard/contracts';
import { ShieldCheck } from 'lucide-react';
import { PermissionButton } from '@/components/PermissionButton';

type Props = {
  host: Pick<TRemediationHost, 'name' | 'hostKeySha256' | 'seenHostKeySha256' | 'hostKeyConfirmed'>;
  reason: string | null;
  busy: boolean;
  onConfirm: (hostKeySha256: string) => void;
};

/**
 * The host key: pinned once confirmed; until then the fingerprint the host presented, to compare
 * with the host's own before confirming it (the host runs no execution before).
 */
export function HostKeyStatus({ host, reason, busy, onConfirm }: Props) {
  if (host.hostKeyConfirmed)
    return (
      <p className="font-mono text-xs break-all text-muted-foreground" data-testid="host-key">
        Host key pinned: {host.hostKeySha256}
      </p>
    );
  const seen = host.seenHostKeySha256;
  if (!seen)
    return (
      <p className="text-xs text-amber-800" data-testid="host-key">
        Host key not confirmed: Test shows the fingerprint the host presents. The host runs no
        execution until you confirm it.
      </p>
    );
  return (
    <div
      className="min-w-0 space-y-2 rounded-md border border-amber-300 bg-amber-50/50 p-2 text-xs"
      data-testid="host-key"
    >
      <p>The host presented this key. Confirm it only if it matches the host's own fingerprint:</p>
      <p className="font-mono font-semibold break-all" data-testid="host-key-fingerprint">
        {seen}
      </p>
      <p className="text-muted-foreground">
        On the host:{' '}
        <span className="font-mono">ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub</span>
      </p>
      <PermissionButton
        size="sm"
        reason={reason}
        disabled={busy}
        aria-label={`Confirm the host key of ${host.name}`}
        onClick={() => onConfirm(seen)}
      >
        <ShieldCheck aria-hidden="true" />
        Confirm fingerprint
      </PermissionButton>
    </div>
  );
}
