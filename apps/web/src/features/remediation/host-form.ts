import { type TRemediationHostCreate, ZRemediationHostCreate } from '@netguard/contracts';

/** What Add Host's inputs hold: every field flat, the unused secret ignored. */
export type THostFormValues = {
  name: string;
  address: string;
  port: string;
  username: string;
  authType: 'key' | 'password';
  privateKey: string;
  passphrase: string;
  password: string;
  privilege: 'none' | 'sudo';
  hostKeySha256: string;
};

export const EMPTY_HOST_FORM: THostFormValues = {
  name: '',
  address: '',
  port: '22',
  username: '',
  authType: 'key',
  privateKey: '',
  passphrase: '',
  password: '',
  privilege: 'sudo',
  hostKeySha256: '',
};

/** POST body: the chosen authentication only; blank optional fields left out. */
export function toHostBody(v: THostFormValues): TRemediationHostCreate {
  const auth: TRemediationHostCreate['auth'] =
    v.authType === 'key'
      ? {
          type: 'key',
          privateKey: v.privateKey,
          ...(v.passphrase ? { passphrase: v.passphrase } : {}),
        }
      : { type: 'password', password: v.password };
  const fingerprint = v.hostKeySha256.trim();
  return {
    name: v.name,
    address: v.address,
    port: v.port.trim() === '' ? Number.NaN : Number(v.port),
    username: v.username,
    auth,
    privilege: v.privilege,
    ...(fingerprint ? { hostKeySha256: fingerprint } : {}),
  };
}

/** The contracts' schema's complaints by input name (auth.privateKey → privateKey). */
export function hostFormProblems(v: THostFormValues): Record<string, string> {
  const parsed = ZRemediationHostCreate.safeParse(toHostBody(v));
  const problems: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] === 'auth' ? issue.path[1] : issue.path[0]);
    problems[field] ??= field === 'port' ? 'Port 1-65535' : issue.message;
  }
  return problems;
}
