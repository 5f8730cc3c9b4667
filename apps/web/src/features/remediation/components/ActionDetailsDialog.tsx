import type { TRemediationAction } from '@netguard/contracts';
import { ModalDialog } from '@/components/ModalDialog';

type Props = { action: TRemediationAction | null; onClose: () => void };

type SectionProps = { title: string; items: string[]; mono?: boolean; always?: boolean };

function Section({ title, items, mono, always }: SectionProps) {
  if (items.length === 0 && !always) return null;
  return (
    <section className="min-w-0 space-y-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      {items.length === 0 && <p className="text-sm text-muted-foreground">None listed.</p>}
      <ol className={`list-decimal space-y-1 pl-5 text-sm break-words ${mono ? 'font-mono' : ''}`}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </section>
  );
}

/** View Details: prerequisites, steps, rollback plan, validation checks and API calls. */
export function ActionDetailsDialog({ action, onClose }: Props) {
  return (
    <ModalDialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={action?.name ?? ''}
      description={action?.description ?? ''}
    >
      {action && (
        <div className="min-w-0 space-y-4">
          <Section title="Prerequisites" items={action.prerequisites} always />
          <Section title="Steps" items={action.steps} />
          <Section title="Rollback plan" items={action.rollbackPlan} always />
          <Section title="Validation checks" items={action.validationChecks} />
          <Section title="API calls" items={action.apiCalls} mono />
          <Section title="Fixes checks" items={action.fixes} mono />
        </div>
      )}
    </ModalDialog>
  );
}
