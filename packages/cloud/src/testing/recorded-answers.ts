// Answers of AWS APIs that moto 5.2.1 does not serve, or serves without the state a check needs,
// written by hand in the shapes the AWS API references document, for the fault proxy to send.
import type { Recorded } from './fault-proxy.ts';

const JSON_TYPE = 'application/json';

/** IAM Access Analyzer ListAnalyzers (REST-JSON, GET /analyzer): the analyzers and their status. */
export function listAnalyzers(
  analyzers: () => { name: string; status: string }[],
  region: string,
  account: string,
): Recorded {
  return {
    match: (r) => r.method === 'GET' && r.url.startsWith('/analyzer'),
    contentType: JSON_TYPE,
    body: () =>
      JSON.stringify({
        analyzers: analyzers().map((a) => ({
          arn: `arn:aws:access-analyzer:${region}:${account}:analyzer/${a.name}`,
          createdAt: '2026-01-05T09:30:00Z',
          lastResourceAnalyzed: `arn:aws:s3:::${a.name}-probe`,
          lastResourceAnalyzedAt: '2026-01-05T09:31:12Z',
          name: a.name,
          status: a.status,
          tags: {},
          type: 'ACCOUNT',
        })),
      }),
  };
}

/**
 * Lambda ListFunctionUrlConfigs (REST-JSON, GET /2021-10-31/functions/{name}/urls), which moto
 * does not serve: the URL of each function named in `auth`, with its AuthType.
 */
export function listFunctionUrlConfigs(
  auth: Record<string, 'NONE' | 'AWS_IAM'>,
  region: string,
  account: string,
): Recorded {
  const path = /^\/2021-10-31\/functions\/([^/]+)\/urls/;
  return {
    match: (r) => r.method === 'GET' && path.test(r.url),
    contentType: JSON_TYPE,
    body: (r) => {
      const name = decodeURIComponent(path.exec(r.url)?.[1] ?? '');
      const type = auth[name];
      const arn = `arn:aws:lambda:${region}:${account}:function:${name}`;
      return JSON.stringify({
        FunctionUrlConfigs: type
          ? [
              {
                AuthType: type,
                CreationTime: '2026-01-05T09:30:00.000+0000',
                FunctionArn: arn,
                FunctionUrl: `https://${name}-a1b2c3d4e5.lambda-url.${region}.on.aws/`,
                InvokeMode: 'BUFFERED',
                LastModifiedTime: '2026-01-05T09:30:00.000+0000',
              },
            ]
          : [],
      });
    },
  };
}

const XML_TYPE = 'text/xml';
const IAM_NS = 'https://iam.amazonaws.com/doc/2010-05-08/';
const iamAnswer = (operation: string, result: string) =>
  `<${operation}Response xmlns="${IAM_NS}"><${operation}Result>${result}</${operation}Result><ResponseMetadata><RequestId>7a62c49f-347e-4fc4-9331-6e8eEXAMPLE</RequestId></ResponseMetadata></${operation}Response>`;

/** IAM GetAccountSummary (query API): a SummaryMap of the counts `summary()` gives. */
export function getAccountSummary(summary: () => Record<string, number>): Recorded {
  return {
    match: (r) => r.operation === 'GetAccountSummary',
    contentType: XML_TYPE,
    body: () =>
      iamAnswer(
        'GetAccountSummary',
        `<SummaryMap>${Object.entries(summary())
          .map(([key, value]) => `<entry><key>${key}</key><value>${value}</value></entry>`)
          .join('')}</SummaryMap>`,
      ),
  };
}

/** IAM ListVirtualMFADevices (query API): the root user's virtual device when `rootHasOne()`. */
export function listVirtualMfaDevices(account: string, rootHasOne: () => boolean): Recorded {
  const device = `<member><SerialNumber>arn:aws:iam::${account}:mfa/root-account-mfa-device</SerialNumber><User><Arn>arn:aws:iam::${account}:root</Arn><UserId>${account}</UserId><CreateDate>2026-01-05T09:30:00Z</CreateDate></User><EnableDate>2026-01-05T09:31:00Z</EnableDate></member>`;
  return {
    match: (r) => r.operation === 'ListVirtualMFADevices',
    contentType: XML_TYPE,
    body: () =>
      iamAnswer(
        'ListVirtualMFADevices',
        `<VirtualMFADevices>${rootHasOne() ? device : ''}</VirtualMFADevices><IsTruncated>false</IsTruncated>`,
      ),
  };
}

/** The credential report's columns, in the order IAM writes them. */
const REPORT_COLUMNS =
  'user,arn,user_creation_time,password_enabled,password_last_used,password_last_changed,password_next_rotation,mfa_active,access_key_1_active,access_key_1_last_rotated,access_key_1_last_used_date,access_key_1_last_used_region,access_key_1_last_used_service,access_key_2_active,access_key_2_last_rotated,access_key_2_last_used_date,access_key_2_last_used_region,access_key_2_last_used_service,cert_1_active,cert_1_last_rotated,cert_2_active,cert_2_last_rotated';

/**
 * IAM GetCredentialReport (query API, the CSV base64-encoded in Content) holding the root user's
 * row, which moto's report lacks: its password and first key last used at the times given.
 */
export function getCredentialReport(
  account: string,
  root: () => { passwordLastUsed: string; key1LastUsed: string },
): Recorded {
  return {
    match: (r) => r.operation === 'GetCredentialReport',
    contentType: XML_TYPE,
    body: () => {
      const { passwordLastUsed, key1LastUsed } = root();
      const row = [
        '<root_account>',
        `arn:aws:iam::${account}:root`,
        '2020-01-06T08:00:00+00:00',
        'not_supported',
        passwordLastUsed,
        'not_supported',
        'not_supported',
        'true',
        key1LastUsed === 'N/A' ? 'false' : 'true',
        key1LastUsed === 'N/A' ? 'N/A' : '2020-01-06T08:05:00+00:00',
        key1LastUsed,
        key1LastUsed === 'N/A' ? 'N/A' : 'us-east-1',
        key1LastUsed === 'N/A' ? 'N/A' : 's3',
        'false',
        'N/A',
        'N/A',
        'N/A',
        'N/A',
        'false',
        'N/A',
        'false',
        'N/A',
      ].join(',');
      const content = Buffer.from(`${REPORT_COLUMNS}\n${row}\n`).toString('base64');
      return iamAnswer(
        'GetCredentialReport',
        `<Content>${content}</Content><ReportFormat>text/csv</ReportFormat><GeneratedTime>2026-03-10T11:59:00Z</GeneratedTime>`,
      );
    },
  };
}
