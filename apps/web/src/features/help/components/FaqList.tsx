import { useState } from 'react';
import type { FaqItem } from '../faq-data';
import { FaqEntry } from './FaqEntry';

/** FAQ entries, one open at a time, or the spec's empty-result text. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  // One id rather than a flag per entry: opening an entry closes the one that was open.
  const [openId, setOpenId] = useState<string | null>(null);
  if (items.length === 0)
    return (
      <p className="rounded-lg border border-dashed py-8 text-center text-sm text-muted-foreground">
        No FAQ items found matching your search.
      </p>
    );
  return (
    <div className="space-y-2">
      {items.map((item) => (
        <FaqEntry
          key={item.id}
          item={item}
          open={openId === item.id}
          onOpenChange={(open) => setOpenId(open ? item.id : null)}
        />
      ))}
    </div>
  );
}
