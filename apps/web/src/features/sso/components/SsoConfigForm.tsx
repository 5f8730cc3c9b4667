import {
  type TRole,
  type TSsoConfigResult,
  type TSsoProtocol,
  type TSsoRoleMapping,
  ZSsoConfigBody,
} from '@netguard/contracts';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useMembers } from '@/features/organization/api';
import { RoleSelect } from '@/features/organization/components/RoleSelect';
import { useRemoveSso, useSaveSso } from '@/features/sso/api';
import { RoleMappingsField } from '@/features/sso/components/RoleMappingsField';
import { ServiceProviderInfo } from '@/features/sso/components/ServiceProviderInfo';
import { SsoDomains } from '@/features/sso/components/SsoDomains';
import { errorMessage } from '@/lib/api-client';

const NO_BREAK_GLASS = 'none';

const Field = ({ id, label, children }: { id: string; label: string; children: ReactNode }) => (
  <div className="space-y-1.5">
    <Label htmlFor={id}>{label}</Label>
    {children}
  </div>
);

/** The SSO configuration form: protocol, provider, domains, roles, require SSO and break-glass. */
export function SsoConfigForm({ result }: { result: TSsoConfigResult }) {
  const saved = result.sso;
  const save = useSaveSso();
  const remove = useRemoveSso();
  const members = useMembers();
  const [protocol, setProtocol] = useState<TSsoProtocol>(saved?.protocol ?? 'oidc');
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const [issuer, setIssuer] = useState(saved?.oidc?.issuer ?? '');
  const [clientId, setClientId] = useState(saved?.oidc?.client_id ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [metadata, setMetadata] = useState<{ name: string; xml: string } | null>(null);
  const [domains, setDomains] = useState(saved?.domains.join(', ') ?? '');
  const [defaultRole, setDefaultRole] = useState<TRole>(saved?.default_role ?? 'viewer');
  const [groupsClaim, setGroupsClaim] = useState(saved?.groups_claim ?? 'groups');
  const [mappings, setMappings] = useState<TSsoRoleMapping[]>(saved?.role_mappings ?? []);
  const [requireSso, setRequireSso] = useState(saved?.require_sso ?? false);
  const [breakGlass, setBreakGlass] = useState(saved?.break_glass_user_id ?? NO_BREAK_GLASS);
  const admins = members.data?.members.filter((m) => m.role === 'admin') ?? [];
  const domainList = domains
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const claims = saved?.domain_claims ?? [];
  const unsavedDomains = domainList.some((d) => !claims.some((claim) => claim.domain === d));

  const readMetadata = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setMetadata(file ? { name: file.name, xml: await file.text() } : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSsoConfigBody.safeParse({
      protocol,
      enabled,
      domains: domainList,
      default_role: defaultRole,
      groups_claim: groupsClaim,
      role_mappings: mappings,
      require_sso: requireSso,
      break_glass_user_id: breakGlass === NO_BREAK_GLASS ? null : breakGlass,
      oidc:
        protocol === 'oidc'
          ? {
              issuer,
              client_id: clientId,
              ...(clientSecret ? { client_secret: clientSecret } : {}),
            }
          : null,
      saml: protocol === 'saml' ? (metadata ? { idp_metadata_xml: metadata.xml } : {}) : null,
    });
    if (!parsed.success) {
      toast.error('Check the SSO configuration', { description: parsed.error.issues[0]?.message });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('SSO configuration saved'),
      onError: (error) =>
        toast.error('SSO configuration not saved', { description: errorMessage(error) }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="SSO configuration">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="sso-protocol" label="Protocol">
          <Select value={protocol} onValueChange={(v) => setProtocol(v as TSsoProtocol)}>
            <SelectTrigger id="sso-protocol" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="oidc">OpenID Connect</SelectItem>
              <SelectItem value="saml">SAML 2.0</SelectItem>
            </SelectContent>
          </Select>
        </Field>
        <div className="flex items-center gap-3 sm:pt-6">
          <Switch id="sso-enabled" checked={enabled} onCheckedChange={setEnabled} />
          <Label htmlFor="sso-enabled">Enabled</Label>
        </div>
      </div>

      {protocol === 'oidc' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field id="sso-issuer" label="Issuer URL">
              <Input
                id="sso-issuer"
                value={issuer}
                placeholder="https://login.example.com"
                onChange={(e) => setIssuer(e.target.value)}
              />
            </Field>
          </div>
          <Field id="sso-client-id" label="Client ID">
            <Input
              id="sso-client-id"
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
            />
          </Field>
          <Field id="sso-client-secret" label="Client secret">
            <Input
              id="sso-client-secret"
              type="password"
              autoComplete="off"
              value={clientSecret}
              placeholder={saved?.oidc?.client_secret_set ? 'Stored (leave empty to keep)' : ''}
              onChange={(e) => setClientSecret(e.target.value)}
            />
          </Field>
        </div>
      ) : (
        <div className="space-y-2">
          <Field id="sso-idp-metadata" label="Identity provider metadata (XML)">
            <Input
              id="sso-idp-metadata"
              type="file"
              accept=".xml,application/xml,text/xml"
              onChange={readMetadata}
            />
          </Field>
          {saved?.saml && !metadata && (
            <dl className="grid gap-1 text-xs" data-testid="sso-idp-summary">
              <dt className="text-muted-foreground">IdP entity ID</dt>
              <dd className="break-all font-mono">{saved.saml.idp_entity_id}</dd>
              <dt className="text-muted-foreground">SSO URL</dt>
              <dd className="break-all font-mono">{saved.saml.idp_sso_url}</dd>
              <dt className="text-muted-foreground">Signing certificate (SHA-256)</dt>
              <dd className="break-all font-mono">{saved.saml.idp_certificate_sha256}</dd>
            </dl>
          )}
        </div>
      )}

      <ServiceProviderInfo
        protocol={protocol}
        urls={result.service_provider}
        metadataReady={saved?.protocol === 'saml'}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field id="sso-domains" label="Allowed e-mail domains">
            <Input
              id="sso-domains"
              value={domains}
              placeholder="example.com, example.org"
              onChange={(e) => setDomains(e.target.value)}
            />
          </Field>
        </div>
        {(claims.length > 0 || unsavedDomains) && (
          <div className="sm:col-span-2">
            <SsoDomains claims={claims} unsaved={unsavedDomains} />
          </div>
        )}
        <Field id="sso-default-role" label="Default role">
          <RoleSelect
            id="sso-default-role"
            value={defaultRole}
            onChange={setDefaultRole}
            label="Default role"
          />
        </Field>
        <Field id="sso-groups-claim" label="Groups claim or attribute">
          <Input
            id="sso-groups-claim"
            value={groupsClaim}
            onChange={(e) => setGroupsClaim(e.target.value)}
          />
        </Field>
      </div>

      <RoleMappingsField value={mappings} onChange={setMappings} />

      <div className="space-y-3 rounded-md border p-3">
        <div className="flex items-center gap-3">
          <Switch id="sso-require" checked={requireSso} onCheckedChange={setRequireSso} />
          <Label htmlFor="sso-require">Require SSO (no password sign-in for members)</Label>
        </div>
        <Field id="sso-break-glass" label="Break-glass admin (password + MFA still allowed)">
          <Select value={breakGlass} onValueChange={setBreakGlass}>
            <SelectTrigger id="sso-break-glass" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_BREAK_GLASS}>None</SelectItem>
              {admins.map((admin) => (
                <SelectItem key={admin.user_id} value={admin.user_id}>
                  {admin.email}
                  {admin.mfa_enabled ? '' : ' (MFA off)'}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save SSO configuration
        </Button>
        {saved && (
          <Button
            type="button"
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success('SSO configuration removed'),
                onError: (error) =>
                  toast.error('Not removed', { description: errorMessage(error) }),
              })
            }
          >
            Remove
          </Button>
        )}
      </div>
    </form>
  );
}
