import { SSO_TEXT, type TSsoDomainClaim } from '@netguard/contracts';
import { BadgeCheck, Copy, ShieldAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useVerifySsoDomain } from '@/features/sso/api';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

const copy = (label: string, text: string) =>
  navigator.clipboard.writeText(text).then(
    () => toast.success(`${label} copied`),
    () => toast.error(`${label} not copied`, { description: text }),
  );

function RecordField({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 space-y-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex items-start gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-muted px-1.5 py-1 font-mono text-xs">
          {value}
        </code>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="h-7 shrink-0 px-2"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={() => copy(label, value)}
        >
          <Copy className="size-3.5" aria-hidden="true" />
        </Button>
      </dd>
    </div>
  );
}

function DomainClaim({ claim }: { claim: TSsoDomainClaim }) {
  const verify = useVerifySsoDomain();
  const verified = claim.status === 'verified';
  const run = () =>
    verify.mutate(claim.domain, {
      onSuccess: (result) =>
        result.domain.status === 'verified'
          ? toast.success(result.message)
          : toast.error(result.message),
      onError: (error) =>
        toast.error(`${claim.domain} not checked`, { description: errorMessage(error) }),
    });
  return (
    <li className="space-y-2 p-3" data-testid="sso-domain" aria-label={claim.domain}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-all font-medium">{claim.domain}</span>
        <Badge
          variant={verified ? 'default' : 'outline'}
          className={verified ? 'bg-emerald-600 text-white' : 'text-amber-700 dark:text-amber-400'}
          data-testid="sso-domain-status"
        >
          {verified ? <BadgeCheck aria-hidden="true" /> : <ShieldAlert aria-hidden="true" />}
          {SSO_TEXT.domainStatus[claim.status]}
        </Badge>
        <span className="text-xs text-muted-foreground">
          {claim.last_checked_at
            ? SSO_TEXT.domainLastChecked(formatDateTime(claim.last_checked_at))
            : SSO_TEXT.domainNeverChecked}
        </span>
        <Button
          type="button"
          size="sm"
          variant={verified ? 'outline' : 'default'}
          className="ml-auto"
          disabled={verify.isPending}
          onClick={run}
        >
          {verify.isPending ? 'Checking…' : 'Verify'}
        </Button>
      </div>
      <dl className="grid gap-2 md:grid-cols-2">
        <RecordField label="TXT record name" value={claim.record_name} />
        <RecordField label="TXT record value" value={claim.record_value} />
      </dl>
      {claim.last_error && (
        <p className="text-xs text-destructive" data-testid="sso-domain-error">
          {claim.last_error}
        </p>
      )}
    </li>
  );
}

/** Each claimed domain with its status, the TXT record that proves it, and "Verify". */
export function SsoDomains({ claims, unsaved }: { claims: TSsoDomainClaim[]; unsaved: boolean }) {
  return (
    <section
      className="space-y-2 rounded-md border bg-muted/40 p-3"
      aria-label={SSO_TEXT.domainsTitle}
    >
      <h4 className="text-sm font-semibold">{SSO_TEXT.domainsTitle}</h4>
      <p className="text-xs text-muted-foreground">{SSO_TEXT.domainsHelp}</p>
      {claims.length > 0 && (
        <ul className="divide-y rounded-md border bg-background text-sm">
          {claims.map((claim) => (
            <DomainClaim key={claim.domain} claim={claim} />
          ))}
        </ul>
      )}
      {unsaved && <p className="text-xs text-muted-foreground">{SSO_TEXT.domainUnsaved}</p>}
    </section>
  );
}
