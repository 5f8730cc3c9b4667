export const HELP_TABS = [
  { value: 'user-guide', label: 'User Guide' },
  { value: 'faq', label: 'FAQ' },
  { value: 'features', label: 'Features' },
] as const;

export type HelpTab = (typeof HELP_TABS)[number]['value'];

export const DEFAULT_HELP_TAB: HelpTab = 'user-guide';

/** Reads the `tab` query value; anything unknown or missing opens the User Guide. */
export function parseHelpTab(value: string | null): HelpTab {
  const match = HELP_TABS.find((tab) => tab.value === value);
  return match ? match.value : DEFAULT_HELP_TAB;
}
