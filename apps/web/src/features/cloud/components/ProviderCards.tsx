import { CLOUD_PROVIDERS, type TCloudConnection } from '@netguard/contracts';
import { ProviderCard } from '@/features/cloud/components/ProviderCard';
import { summarizeProvider } from '@/features/cloud/provider-summary';

type Props = { connections: readonly TCloudConnection[]; canDisconnect: boolean };

/** AWS, Azure and GCP side by side; stacked on a narrow screen. */
export function ProviderCards({ connections, canDisconnect }: Props) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {CLOUD_PROVIDERS.map((provider) => (
        <ProviderCard
          key={provider}
          summary={summarizeProvider(provider, connections)}
          canDisconnect={canDisconnect}
        />
      ))}
    </div>
  );
}
