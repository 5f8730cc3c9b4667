import type { TSiemIntegration } from '@netguard/contracts';
import { IntegrationCard } from '@/features/siem/components/IntegrationCard';

type Props = {
  integrations: TSiemIntegration[];
  onConfigure: (integration: TSiemIntegration) => void;
};

/** The Integrations tab: a card per integration, stacked on small screens. */
export function IntegrationList({ integrations, onConfigure }: Props) {
  if (integrations.length === 0)
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        No SIEM integrations yet. Add one to forward NetGuard events to your SIEM.
      </p>
    );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 2xl:grid-cols-2">
      {integrations.map((integration) => (
        <IntegrationCard
          key={integration.id}
          integration={integration}
          onConfigure={() => onConfigure(integration)}
        />
      ))}
    </div>
  );
}
