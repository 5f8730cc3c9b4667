import { CircleHelp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FAQ_ITEMS } from '../faq-data';
import { type FaqCategoryFilter, filterFaq } from '../filter-faq';
import { FaqCategoryButtons } from './FaqCategoryButtons';
import { FaqList } from './FaqList';
import { FaqSearch } from './FaqSearch';

export function FaqTab() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<FaqCategoryFilter>('all');
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
        <FaqList items={items} />
      </CardContent>
    </Card>
  );
}
