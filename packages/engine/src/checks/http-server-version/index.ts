import { DETECTION_QOD, DISTRO_UPSTREAM_QOD, type TDetection } from '@netguard/contracts';
import type { HttpPage } from '../../services/http-crawl.ts';
import type { Check } from '../../types.ts';
import { action, makeFinding } from '../finding.ts';
import { httpPages } from '../http-pages.ts';

const VERSIONED = /\d+\.\d+/;
/** Apache's mod_status page: "Server Version: Apache/2.4.62 (Debian) OpenSSL/3.0.15". */
const STATUS_PAGE = /Server Version:\s*([^<\r\n]+)/;
/** The packaging a Server value names in parentheses: "Apache/2.4.62 (Debian)". */
const DISTRIBUTION =
  /\((Debian|Ubuntu|Raspbian|Red Hat|Red Hat Enterprise Linux|CentOS|CentOS Stream|Rocky Linux|AlmaLinux|Fedora|Amazon|Oracle|SUSE|Alpine)\)/i;

/** What one page says of the software: evidence lines for its headers and its status page body. */
function claims(page: HttpPage, seen: Set<string>): string[] {
  const fresh = (list: string[]) => list.filter((c) => !seen.has(c) && seen.add(c));
  const headers = fresh(
    ['server', 'x-powered-by']
      .filter((name) => VERSIONED.test(page.headers[name] ?? ''))
      .map((name) => `${name}: ${page.headers[name]!.slice(0, 100)}`),
  );
  const status = STATUS_PAGE.exec(page.body)?.[1]?.trim().slice(0, 100);
  const body = fresh(status && VERSIONED.test(status) ? [`Server Version: ${status}`] : []);
  return [
    ...(headers.length ? [`GET ${page.path} response headers: ${headers.join('; ')}`] : []),
    ...body.map((claim) => `GET ${page.path} page body: ${claim}`),
  ];
}

function detection(disclosed: string[]): TDetection {
  const distribution = disclosed.map((c) => DISTRIBUTION.exec(c)?.[1]).find(Boolean) ?? null;
  return {
    method: 'upstream_version',
    qod: distribution ? DISTRO_UPSTREAM_QOD : DETECTION_QOD.upstream_version,
    detail: distribution
      ? `The version is the upstream one of a ${distribution} build; fixes the distribution backported do not show in it.`
      : 'The version is read from what the server states about itself.',
    distribution,
  };
}

/** A page of the site names a product version in its headers or on Apache's status page. */
export const httpServerVersion: Check = {
  id: 'http-server-version',
  title: 'Web server version disclosed',
  appliesTo: (ctx) => Boolean(ctx.service.http),
  async run(ctx) {
    const seen = new Set<string>();
    const lines = (await httpPages(ctx)).flatMap((page) => claims(page, seen));
    if (lines.length === 0) return [];
    const disclosed = [...seen].slice(0, 6);
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'low',
        vulnerability_type: 'information_disclosure',
        cvss: 2.7,
        description: `The server reveals software versions (${disclosed.join('; ')}), which lets attackers pick matching exploits.`,
        solution: 'Hide version numbers in response headers and status pages.',
        evidence: lines.join('\n'),
        mitigations: [
          action('configuration', 'low', 'Hide server version', 10, [
            'nginx: server_tokens off;',
            'Apache: ServerTokens Prod and ServerSignature Off; restrict /server-status to local addresses',
            'PHP: expose_php = Off',
          ]),
        ],
        detection: detection(disclosed),
      }),
    ];
  },
};
