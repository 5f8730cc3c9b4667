import type { FaqCategory, FaqItem } from './faq-data';

/** The Help dialog's contexts (spec part 2, Help dialog): its FAQ opens on the page's. */
export const HELP_CONTEXTS = [
  { value: 'scanning', label: 'Scanning' },
  { value: 'vulnerabilities', label: 'Vulnerabilities' },
  { value: 'cloud', label: 'Cloud' },
  { value: 'general', label: 'General' },
] as const;

export type HelpContext = (typeof HELP_CONTEXTS)[number]['value'];

/** Which context each FAQ category answers in. */
const CONTEXT_OF_CATEGORY: Record<FaqCategory, HelpContext> = {
  'getting-started': 'general',
  scanning: 'scanning',
  'packet-analysis': 'scanning',
  vulnerabilities: 'vulnerabilities',
  'cloud-security': 'cloud',
  reporting: 'general',
};

/** Dashboard pages (first segment after /dashboard/) and the context they open help in. */
const CONTEXT_OF_PAGE: Record<string, HelpContext> = {
  scan: 'scanning',
  scans: 'scanning',
  topology: 'scanning',
  packets: 'scanning',
  vulnerabilities: 'vulnerabilities',
  'ai-risk-scoring': 'vulnerabilities',
  'automated-remediation': 'vulnerabilities',
  cloud: 'cloud',
};

/** The context of the page at `pathname`; general for pages without one of their own. */
export function helpContextOf(pathname: string): HelpContext {
  const page = /^\/dashboard\/([^/]+)/.exec(pathname)?.[1] ?? '';
  return CONTEXT_OF_PAGE[page] ?? 'general';
}

/** The context's FAQ entries whose question or answer contains `search`, ignoring case. */
export function quickHelpItems(
  items: readonly FaqItem[],
  context: HelpContext,
  search: string,
): FaqItem[] {
  const query = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      CONTEXT_OF_CATEGORY[item.category] === context &&
      (item.question.toLowerCase().includes(query) || item.answer.toLowerCase().includes(query)),
  );
}
