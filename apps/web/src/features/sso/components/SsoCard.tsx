import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { usePermission } from '@/features/auth/use-permission';
import { SettingsCard } from '@/features/settings/components/SettingsCard';
import { useSsoConfig } from '@/features/sso/api';
import { SsoConfigForm } from '@/features/sso/components/SsoConfigForm';
import { errorMessage } from '@/lib/api-client';

/** Settings → SSO (admins only): the organization's OpenID Connect or SAML provider. */
export function SsoCard() {
  const { allowed } = usePermission('organization', 'update');
  const config = useSsoConfig(allowed);
  if (!allowed) return null;
  return (
    <div data-testid="sso-card">
      <SettingsCard
        title="SSO"
        description="Single sign-on through your identity provider (OpenID Connect or SAML 2.0)"
        icon={KeyRound}
      >
        {config.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(config.error)}
          </p>
        )}
        {!config.data && !config.isError && <Skeleton className="h-40 w-full" />}
        {config.data && !config.data.available && (
          <p className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="sso-plan-note">
            Single sign-on is part of the Professional and Enterprise plans.{' '}
            <Link to="/billing" className="font-medium underline">
              See plans
            </Link>
          </p>
        )}
        {config.data?.available && (
          <SsoConfigForm key={config.data.sso?.updated_at ?? 'new'} result={config.data} />
        )}
      </SettingsCard>
    </div>
  );
}
