import type { TVerdict } from '@netguard/contracts';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { VerdictDetails } from '@/features/verdicts/components/VerdictDetails';

/** "Overall risk HIGH" as a badge: hover or focus it to read the inputs it came from. */
export function VerdictBadge({ verdict }: { verdict: TVerdict }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge
          variant="outline"
          tabIndex={0}
          className="cursor-help whitespace-normal text-left"
          data-testid="verdict"
          aria-label={`${verdict.name} ${verdict.verdict}: how it was reached`}
        >
          {verdict.name} <span className="font-semibold">{verdict.verdict}</span>
        </Badge>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm" data-testid="verdict-tooltip">
        <VerdictDetails verdict={verdict} />
      </TooltipContent>
    </Tooltip>
  );
}
