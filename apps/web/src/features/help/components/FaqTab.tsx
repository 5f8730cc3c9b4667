import { CircleHelp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FAQ_ITEMS } from '../faq-data';
import { type FaqCategoryFilter, filterFaq } from '../filter-faq';
import { FaqCategoryButtons } from './FaqCategoryButtons';
import { FaqEntry } from './FaqEntry';
import { FaqSearch } from './FaqSearch';

export function FaqTab() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<FaqCategoryFilter>('all');
  // One id rather than a flag per entry: opening an entry closes the one that was open.
  const [openId, setOpenId] = useState<string | null>(null);
  const items = useMemo(() => filterFaq(FAQ_ITEMS, { search, category }), [search, category]);
  const searching = search.trim() !== '';

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CircleHelp className="size-5 text-primary" />
          Frequently Asked Questions
        </CardTitle>
        <CardDescription>
          Answers about scanning, findings, cloud checks and reports.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <FaqSearch value={search} onChange={setSearch} />
        <FaqCategoryButtons value={category} onChange={setCategory} searching={searching} />
        {items.length === 0 ? (
          <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">
            No FAQ items found matching your search.
          </p>
        ) : (
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
        )}
      </CardContent>
    </Card>
  );
}
