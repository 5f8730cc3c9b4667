import { httpGet, httpRequestText } from '../../services/probes/http.ts';
import type { Check } from '../../types.ts';
import { action, endpointOf, makeFinding } from '../finding.ts';

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

/** Requests /.git/HEAD and /.env and reports each one that is really served. */
export const httpExposedFiles: Check = {
  id: 'http-exposed-files',
  title: 'Sensitive file exposed',
  appliesTo: (ctx) => Boolean(ctx.service.http),
  async run(ctx) {
    const endpoint = endpointOf(ctx);
    const findings = [];
    for (const file of FILES) {
      const response = await httpGet(endpoint, file.path);
      if (response?.status !== 200 || !file.looksReal(response.body)) continue;
      findings.push(
        makeFinding(this.id, ctx, {
          title: `Sensitive file exposed: ${file.path}`,
          severity: 'high',
          vulnerability_type: 'information_disclosure',
          cvss: file.cvss,
          description: `${file.path} is publicly readable. It is ${file.what}.`,
          solution: file.fix,
          evidence: `${httpRequestText(endpoint, file.path).split('\r\n')[0]} -> HTTP 200\n${response.body.slice(0, 200)}`,
          mitigations: [
            action('access_control', 'immediate', `Block access to ${file.path}`, 15, [
              file.fix,
              'Rotate any secret the file contained.',
            ]),
          ],
        }),
      );
    }
    return findings;
  },
};
