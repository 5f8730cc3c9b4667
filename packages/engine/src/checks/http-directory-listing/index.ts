import type { Check } from '../../types.ts';
import { action, makeFinding } from '../finding.ts';

const LISTING = /<title>\s*(Index of \/|Directory listing for \/)/i;

/** The web root answers with an auto-generated directory index. */
export const httpDirectoryListing: Check = {
  id: 'http-directory-listing',
  title: 'Directory listing enabled',
  appliesTo: (ctx) => Boolean(ctx.service.http),
  async run(ctx) {
    const http = ctx.service.http!;
    const match = LISTING.exec(http.body);
    if (http.status !== 200 || !match) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'medium',
        vulnerability_type: 'information_disclosure',
        cvss: 5.3,
        description:
          'The server lists directory contents, exposing file names that may include backups, configuration or private data.',
        solution: 'Turn off automatic directory indexes.',
        evidence: `GET / -> HTTP 200 with "${match[0].replace(/<title>\s*/i, '')}"`,
        mitigations: [
          action('configuration', 'medium', 'Disable directory listing', 10, [
            'nginx: autoindex off;',
            'Apache: Options -Indexes',
          ]),
        ],
      }),
    ];
  },
};
