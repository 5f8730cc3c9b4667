import { QUICK_ACTIONS } from '../quick-actions';
import { QuickActionCard } from './QuickActionCard';

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-heading" className="space-y-4">
      <h2 id="quick-actions-heading" className="text-lg font-semibold">
        Quick Actions
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {QUICK_ACTIONS.map((action) => (
          <QuickActionCard key={action.to} action={action} />
        ))}
      </div>
    </section>
  );
}
