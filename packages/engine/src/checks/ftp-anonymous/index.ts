import { exchange } from '../../services/exchange.ts';
import type { Check } from '../../types.ts';
import { action, detectedBy, endpointOf, makeFinding } from '../finding.ts';

/** Logs in as "anonymous" and reports when the server answers 230 (logged in). */
export const ftpAnonymous: Check = {
  id: 'ftp-anonymous',
  title: 'Anonymous FTP login allowed',
  appliesTo: (ctx) => ctx.service.name === 'ftp',
  async run(ctx) {
    const sent = 'USER anonymous\r\nPASS netguard@example.com\r\nQUIT\r\n';
    const { data } = await exchange(endpointOf(ctx), {
      send: sent,
      complete: (d) => /^(230|530|221)[ -]/m.test(d.toString('latin1')),
    });
    const reply = data.toString('latin1');
    if (!/^230[ -]/m.test(reply)) return [];
    return [
      makeFinding(this.id, ctx, {
        title: this.title,
        severity: 'high',
        vulnerability_type: 'authentication',
        cvss: 7.5,
        description:
          'The FTP server accepts the anonymous account, so anyone can list and download its files, and possibly upload.',
        solution: 'Disable anonymous login unless the server is a deliberate public mirror.',
        evidence: `sent: USER anonymous / PASS ***\nreceived: ${reply.trim()}`,
        detection: detectedBy(
          'active_probe',
          'The server logged in the anonymous account (reply 230).',
        ),
        mitigations: [
          action('configuration', 'urgent', 'Disable anonymous FTP', 10, [
            'vsftpd: anonymous_enable=NO',
            'ProFTPD: remove the <Anonymous> block',
            'Restart the FTP service.',
          ]),
        ],
      }),
    ];
  },
};
