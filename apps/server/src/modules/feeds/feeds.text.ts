/** Messages of the feeds API. */
export const FEED_TEXT = {
  operatorsOnly:
    'Feeds are shared by every organization on this server, so only its deployment operators may upload them. Whoever runs NetGuard can add you with: npm run netguard -- operators add <your email>.',
  busy: 'Another feed import is running; try again when it has finished.',
  empty: 'The upload is empty: send the feed file as the request body or as a multipart file.',
  tooLarge: (max: number) => `The feed file is larger than ${Math.round(max / 1024 / 1024)} MB.`,
  unreadable: (label: string, reason: string) =>
    `The file could not be read as ${label}: ${reason}. Nothing was changed.`,
  scheduleFailed: (label: string, reason: string) =>
    `The scheduled import of ${label} failed: ${reason}. Without access to the feed sites, set NETGUARD_OFFLINE=1 and upload the feed files in Settings → Feeds.`,
  stale: 'The worker running this import stopped before it finished; nothing from it was stored.',
} as const;
