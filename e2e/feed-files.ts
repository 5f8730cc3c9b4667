import type { Page } from '@playwright/test';

/** Chooses a feed file in Settings → Feeds (the upload starts as soon as it is chosen). */
export async function uploadFeed(page: Page, label: string, name: string, body: string) {
  await page.getByLabel(`${label} file`).setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(body),
  });
}

/** A FIRST EPSS CSV as published: the model comment line, the header, one row per score. */
export function epssCsv(
  scoreDate: string,
  rows: [cve: string, score: number, percentile: number][],
) {
  return [
    `#model_version:v2025.03.14,score_date:${scoreDate}T00:00:00+0000`,
    'cve,epss,percentile',
    ...rows.map((row) => row.join(',')),
    '',
  ].join('\n');
}
