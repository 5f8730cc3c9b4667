import type { TVulnerabilityHistory } from '@netguard/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { vulnerabilityKeys } from '@/features/vulnerabilities/vulnerability-keys';
import { HistoryTab } from './HistoryTab';

const ID = '00000000-0000-4000-8000-00000000000a';

function render(history: TVulnerabilityHistory | undefined) {
  const client = new QueryClient();
  if (history) client.setQueryData(vulnerabilityKeys.history(ID), history);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <HistoryTab id={ID} />
    </QueryClientProvider>,
  );
}

describe('HistoryTab', () => {
  it('shows a placeholder while loading and says when nothing was recorded', () => {
    expect(render(undefined)).toContain('data-testid="history-loading"');
    expect(render({ items: [] })).toContain('No changes recorded yet.');
  });

  it('lists each change with its time, kind, words and source', () => {
    const html = render({
      items: [
        {
          id: '00000000-0000-4000-8000-00000000000b',
          kind: 'status_changed',
          summary:
            'Debian 12 fixed CVE-2024-6387 in openssh 1:9.2p1-2+deb12u3. Not affected (was open).',
          details: { fix: { distro: 'debian' }, seen: { label: 'Debian 12' } },
          created_at: '2026-11-20T08:30:00.000Z',
        },
      ],
    });
    expect(html).toContain('Status changed');
    expect(html).toContain('dateTime="2026-11-20T08:30:00.000Z"');
    expect(html).toContain('Not affected (was open).');
    expect(html).toContain('Source: Debian 12 package fix (feed import)');
  });
});
