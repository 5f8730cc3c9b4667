import { ChevronDown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { FAQ_CATEGORIES, type FaqItem } from '../faq-data';

type FaqEntryProps = { item: FaqItem; open: boolean; onOpenChange: (open: boolean) => void };

export function FaqEntry({ item, open, onOpenChange }: FaqEntryProps) {
  const category = FAQ_CATEGORIES.find((entry) => entry.value === item.category);
  return (
    <Collapsible
      open={open}
      onOpenChange={onOpenChange}
      className="rounded-lg border bg-card transition-colors data-[state=open]:border-primary/40 data-[state=open]:shadow-sm"
    >
      <CollapsibleTrigger className="group flex w-full items-center justify-between gap-4 rounded-lg px-4 py-3 text-left text-sm font-medium outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {item.question}
        <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180" />
      </CollapsibleTrigger>
      <CollapsibleContent className="overflow-hidden data-[state=closed]:animate-collapsible-up data-[state=open]:animate-collapsible-down">
        <div className="space-y-3 px-4 pt-1 pb-4">
          <p className="text-sm leading-relaxed text-muted-foreground">{item.answer}</p>
          {category && <Badge variant="secondary">{category.label}</Badge>}
        </div>
      </CollapsibleContent>
    </Collapsible>
  );
}
