import { DETECTION_QOD } from '@netguard/contracts';
import type { Check } from '../../types.ts';
import { action, makeFinding } from '../finding.ts';
import { httpPages } from '../http-pages.ts';

const LISTING = /<title>\s*(Index of \/[^<]*|Directory listing for \/[^<]*)/i;

/** A page of the site (/, a linked folder or a common one) is an auto-generated directory index. */
export const httpDirectoryListing: Check = {
  id: 'http-directory-listing',
  title: 'Directory listing enabled',
  appliesTo: (ctx) => Boolean(ctx.service.http),
  async run(ctx) {
    const listings = (await httpPages(ctx)).flatMap((page) => {
      const match = page.status === 200 ? LISTING.exec(page.body) : null;
      return match ? [`GET ${page.path} -> HTTP 200 with "${match[1]!.trim()}"`] : [];
    });
    if (listings.length === 0) return [];
    const all = listings.map((line) => line.split(' ')[1]);
    const paths = all.length > 4 ? [...all.slice(0, 4), `${all.length - 4} more`] : all;
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'medium',
        vulnerability_type: 'information_disclosure',
        cvss: 5.3,
        description: `The server lists directory contents at ${paths.join(', ')}, exposing file names that may include backups, configuration or private data.`,
        solution: 'Turn off automatic directory indexes.',
        evidence: listings.join('\n'),
        mitigations: [
          action('configuration', 'medium', 'Disable directory listing', 10, [
            'nginx: autoindex off;',
            'Apache: Options -Indexes',
          ]),
        ],
        detection: {
          method: 'active_probe',
          qod: DETECTION_QOD.active_probe,
          detail: `The server answered ${paths.join(', ')} with a generated file index.`,
          distribution: null,
        },
      }),
    ];
  },
};
