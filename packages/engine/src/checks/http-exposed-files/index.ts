import { DETECTION_QOD } from '@netguard/contracts';
import { httpRequestText } from '../../services/probes/http.ts';
import type { Check } from '../../types.ts';
import { action, endpointOf, makeFinding } from '../finding.ts';
import { httpPages } from '../http-pages.ts';

/** Files that must never be served, with a test that the body really is that file. */
const FILES = [
  {
    path: '/.git/HEAD',
    looksReal: (body: string) => /^(ref: refs\/|[0-9a-f]{40}\s*$)/.test(body),
    what: 'the Git repository metadata; the whole source history can usually be downloaded',
    fix: 'Deny access to /.git (nginx: location ~ /\\.git { deny all; }) or deploy without it.',
    cvss: 7.5,
  },
  {
    path: '/.env',
    looksReal: (body: string) => /^[A-Z][A-Z0-9_]*=/m.test(body) && !/<html/i.test(body),
    what: 'the environment file, which typically holds database passwords and API keys',
    fix: 'Move .env outside the web root and deny dotfiles (nginx: location ~ /\\. { deny all; }).',
    cvss: 7.5,
  },
];

/** Reports each of FILES really served, at the root or under any folder the site links to. */
export const httpExposedFiles: Check = {
  id: 'http-exposed-files',
  title: 'Sensitive file exposed',
  appliesTo: (ctx) => Boolean(ctx.service.http),
  async run(ctx) {
    const endpoint = endpointOf(ctx);
    const pages = await httpPages(ctx);
    return FILES.flatMap((file) =>
      pages
        .filter((p) => p.status === 200 && p.path.endsWith(file.path) && file.looksReal(p.body))
        .map((page) => {
          const request = httpRequestText(endpoint, page.path).split('\r\n')[0];
          return makeFinding(this.id, ctx, {
            title: `Sensitive file exposed: ${page.path}`,
            severity: 'high',
            vulnerability_type: 'information_disclosure',
            cvss: file.cvss,
            description: `${page.path} is publicly readable. It is ${file.what}.`,
            solution: file.fix,
            evidence: `${request} -> HTTP 200\n${page.body.slice(0, 200)}`,
            mitigations: [
              action('access_control', 'immediate', `Block access to ${page.path}`, 15, [
                file.fix,
                'Rotate any secret the file contained.',
              ]),
            ],
            detection: {
              method: 'active_probe',
              qod: DETECTION_QOD.active_probe,
              detail: `GET ${page.path} returned the file itself: its content, not only the status, matches ${file.path}.`,
              distribution: null,
            },
          });
        }),
    );
  },
};
