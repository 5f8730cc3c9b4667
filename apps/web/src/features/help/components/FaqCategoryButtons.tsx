import { cn } from '@/lib/utils';
import { FAQ_CATEGORIES } from '../faq-data';
import type { FaqCategoryFilter } from '../filter-faq';
import { ChoiceButtons } from './ChoiceButtons';

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
      <ChoiceButtons
        legend="FAQ categories"
        choices={CHOICES}
        value={value}
        onChange={onChange}
        className={cn('transition-opacity', searching && 'opacity-50')}
      />
      {searching && (
        <p className="text-xs text-muted-foreground">Search results include every category.</p>
      )}
    </div>
  );
}
