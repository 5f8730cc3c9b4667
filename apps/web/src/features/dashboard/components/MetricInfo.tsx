import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/** An (i) next to a figure's label: hover or focus it to read how the figure is computed. */
export function MetricInfo({ label, definition }: { label: string; definition: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className="inline-flex size-4 items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={`How ${label} is computed`}
          data-testid="metric-info"
        >
          <Info className="size-3.5" aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-sm" data-testid="metric-definition">
        {definition}
      </TooltipContent>
    </Tooltip>
  );
}
