import { RISK_TEXT, type TRiskSummary } from '@netguard/contracts';
import { Bot, ServerCrash, TrendingDown, TrendingUp, Zap } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/features/dashboard/components/StatCard';
import { summaryCards, type TSummaryCard } from '@/features/risk/risk-format';

function cardIcon(card: TSummaryCard) {
  if (card.key === 'confidence') return Bot;
  if (card.key === 'highRisk') return ServerCrash;
  if (card.key === 'prioritized') return Zap;
  return card.tone === 'red' ? TrendingUp : TrendingDown;
}

type Props = { summary: TRiskSummary | undefined; failed: boolean };

/**
 * AI Confidence, High Risk Assets, Risk Reduction and Auto-Prioritized for the range; while
 * loading, placeholders; when the read failed, "—" and that it failed.
 */
export function RiskSummaryCards({ summary, failed }: Props) {
  if (summary)
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {summaryCards(summary).map(({ key, ...card }) => (
          <StatCard key={key} {...card} icon={cardIcon({ key, ...card })} />
        ))}
      </div>
    );
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={!failed}>
      {RISK_TEXT.cards.map((title) =>
        failed ? (
          <StatCard key={title} title={title} value="—" detail={RISK_TEXT.loadError} icon={Bot} />
        ) : (
          <Skeleton key={title} className="h-32 rounded-xl" />
        ),
      )}
    </div>
  );
}
