import { useMemo, useState } from 'react';
import { SearchInput } from '@/components/SearchInput';
import { FAQ_ITEMS } from '../faq-data';
import { HELP_CONTEXTS, type HelpContext, quickHelpItems } from '../help-context';
import { ChoiceButtons } from './ChoiceButtons';
import { FaqList } from './FaqList';

/** The FAQ of one context, searchable; it opens on the context of the page. */
export function QuickHelpFaq({ initialContext }: { initialContext: HelpContext }) {
  const [context, setContext] = useState(initialContext);
  const [search, setSearch] = useState('');
  const items = useMemo(() => quickHelpItems(FAQ_ITEMS, context, search), [context, search]);
  return (
    <section className="space-y-3">
      <ChoiceButtons
        legend="Help context"
        choices={HELP_CONTEXTS}
        value={context}
        onChange={setContext}
      />
      <SearchInput
        aria-label="Search FAQ"
        placeholder="Search FAQ..."
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.target.value)}
      />
      <FaqList items={items} />
    </section>
  );
}
