// The canary provider: throw-away users of each NetGuard role in a throw-away organization, a
// second canary organization with a resource of its own, and the role probes, created before the
// state-changing tests and removed afterwards. The server implements it (it can create users and
// rows directly); the tests use what it returns only over HTTP, as an outside tester would.
import type { TRole } from '@netguard/contracts';

export type CanaryUser = {
  email: string;
  password: string;
  role: TRole;
  organizationId: string;
};

/** A row of the second organization that no user of the first may read. */
export type TenantResource = {
  /** A GET path naming the row by id, e.g. '/api/scans/<id>'. */
  path: string;
  /** A string only this row's body holds (e.g. its canary name): its presence means the row leaked. */
  marker: string;
};

/** A request whose answer depends on the caller's role: allowed roles get it, the others a 403. */
export type RoleProbe = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The roles the permission matrix grants this request. */
  allowed: readonly TRole[];
  /** What the permission is, for the evidence ('organization:update'). */
  permission: string;
};

export type CanarySet = {
  /** The throw-away organization and one user of each role in it. */
  organization: { id: string; users: Record<TRole, CanaryUser> };
  /** The second canary organization: its admin (the control) and rows only it may read. */
  otherOrganization: { id: string; admin: CanaryUser; resources: TenantResource[] };
  /** A user of its own for the sign-in test, which locks it out and tries to change its password. */
  signInUser: CanaryUser;
  /** A user of its own for the session test, whose sessions it signs out and revokes. */
  sessionUser: CanaryUser;
  /**
   * A genuine access token of sessionUser whose expiry has passed, minted by the server (an outside
   * tester cannot wait 15 minutes for one); without it only a tampered expiry is tried.
   */
  expiredAccessToken?: string;
  /**
   * Requests for the role test; none of them may change anything an allowed role cares about
   * (reads, or writes the canary organization owns).
   */
  roleProbes: RoleProbe[];
};

export type CanaryProvider = {
  /** Creates the canaries (confirmed e-mails, no MFA); throws when it cannot. */
  create(signal?: AbortSignal): Promise<CanarySet>;
  /** Removes everything `create` made, whatever the tests did to it. */
  remove(set: CanarySet): Promise<void>;
};
