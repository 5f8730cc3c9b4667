import type { TSsoConfigResult, TSsoProtocol } from '@netguard/contracts';
import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';

type Props = {
  protocol: TSsoProtocol;
  urls: TSsoConfigResult['service_provider'];
  /** The SP metadata is served once a SAML configuration is saved. */
  metadataReady: boolean;
};

const Row = ({ label, value }: { label: string; value: string }) => (
  <div className="min-w-0">
    <dt className="text-xs text-muted-foreground">{label}</dt>
    <dd className="break-all font-mono text-xs">{value}</dd>
  </div>
);

/** What the admin registers at the identity provider. */
export function ServiceProviderInfo({ protocol, urls, metadataReady }: Props) {
  return (
    <section
      className="space-y-2 rounded-md border bg-muted/40 p-3"
      aria-label="Register at your identity provider"
    >
      <h4 className="text-sm font-semibold">Register at your identity provider</h4>
      {protocol === 'oidc' ? (
        <dl>
          <Row label="Redirect URI" value={urls.oidc_redirect_uri} />
        </dl>
      ) : (
        <>
          <dl className="space-y-1">
            <Row label="SP entity ID" value={urls.saml_entity_id} />
            <Row label="ACS URL (HTTP-POST)" value={urls.saml_acs_url} />
          </dl>
          {metadataReady ? (
            <a
              href={urls.saml_metadata_url}
              download
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              data-testid="sso-sp-metadata"
            >
              <Download className="size-4" aria-hidden="true" />
              Download SP metadata
            </a>
          ) : (
            <p className="text-xs text-muted-foreground">
              Save the SAML configuration to download the SP metadata.
            </p>
          )}
        </>
      )}
    </section>
  );
}
