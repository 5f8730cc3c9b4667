import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { FAQ_CATEGORIES } from '../faq-data';
import type { FaqCategoryFilter } from '../filter-faq';

const CHOICES: readonly { value: FaqCategoryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...FAQ_CATEGORIES,
];

type FaqCategoryButtonsProps = {
  value: FaqCategoryFilter;
  onChange: (value: FaqCategoryFilter) => void;
  searching: boolean;
};

export function FaqCategoryButtons({ value, onChange, searching }: FaqCategoryButtonsProps) {
  return (
    <div className="space-y-2">
      <fieldset
        className={cn('flex min-w-0 flex-wrap gap-2 transition-opacity', searching && 'opacity-50')}
      >
        <legend className="sr-only">FAQ categories</legend>
        {CHOICES.map((choice) => (
          <Button
            key={choice.value}
            type="button"
            size="sm"
            variant={choice.value === value ? 'default' : 'outline'}
            aria-pressed={choice.value === value}
            onClick={() => onChange(choice.value)}
          >
            {choice.label}
          </Button>
        ))}
      </fieldset>
      {searching && (
        <p className="text-xs text-muted-foreground">Search results include every category.</p>
      )}
    </div>
  );
}
