// gcp-remove-public-bindings: sets the project's or the bucket's IAM policy without allUsers and
// allAuthenticatedUsers; rollback sets the captured bindings again (with the current etag).
import { RemediationError } from '../execution.ts';
import { type GcpSession, google } from './gcp-session.ts';
import type { ApiCall, CloudHandler } from './types.ts';

type Binding = { role?: string | null; members?: string[] | null; condition?: unknown };
type Policy = { bindings?: Binding[] | null; etag?: string | null; [key: string]: unknown };
type Scope = { kind: 'project'; resource: string } | { kind: 'bucket'; bucket: string };

const PUBLIC = new Set(['allUsers', 'allAuthenticatedUsers']);
const POLICY_VERSION = 3;

function scopeOf(resourceId: string): Scope {
  const project = /^projects\/([^/]+)$/.exec(resourceId)?.[1];
  if (project) return { kind: 'project', resource: project };
  const bucket =
    /\/storage\/v1\/b\/([^/]+)$/.exec(resourceId)?.[1] ?? /^gs:\/\/([^/]+)$/.exec(resourceId)?.[1];
  if (bucket) return { kind: 'bucket', bucket };
  throw new RemediationError('missing_parameter', `${resourceId} names no project or bucket`);
}

const getCall = (s: Scope) =>
  s.kind === 'project'
    ? 'cloudresourcemanager.projects.getIamPolicy'
    : 'storage.buckets.getIamPolicy';
const setCall = (s: Scope) =>
  s.kind === 'project'
    ? 'cloudresourcemanager.projects.setIamPolicy'
    : 'storage.buckets.setIamPolicy';

/** Reads the policy (conditions kept: version 3 asked for). */
function read(session: GcpSession, scope: Scope): Promise<Policy> {
  return session.step(getCall(scope), async () => {
    const { resourceManager, storage } = google(session);
    const answer =
      scope.kind === 'project'
        ? await resourceManager.projects.getIamPolicy({
            resource: scope.resource,
            requestBody: { options: { requestedPolicyVersion: POLICY_VERSION } },
          })
        : await storage.buckets.getIamPolicy({
            bucket: scope.bucket,
            optionsRequestedPolicyVersion: POLICY_VERSION,
          });
    return answer.data as Policy;
  });
}

const setParams = (scope: Scope, policy: Policy) =>
  scope.kind === 'project'
    ? { resource: scope.resource, requestBody: { policy } }
    : { bucket: scope.bucket, requestBody: policy };

async function send(session: GcpSession, call: ApiCall) {
  const { resourceManager, storage } = google(session);
  const answer = call.call.startsWith('cloudresourcemanager.')
    ? await resourceManager.projects.setIamPolicy(call.params as never)
    : await storage.buckets.setIamPolicy(call.params as never);
  return answer.data;
}

const withoutPublic = (policy: Policy): Policy => ({
  ...policy,
  bindings: (policy.bindings ?? [])
    .map((b) => ({ ...b, members: (b.members ?? []).filter((m) => !PUBLIC.has(m)) }))
    .filter((b) => b.members.length),
});

export const gcpRemovePublicBindings: CloudHandler<'gcp'> = {
  provider: 'gcp',
  async plan(session, finding) {
    const scope = scopeOf(finding.resourceId);
    const policy = await read(session, scope);
    const after = withoutPublic(policy);
    const changes = JSON.stringify(after.bindings) !== JSON.stringify(policy.bindings ?? []);
    return {
      target: finding.resourceId,
      before: policy,
      after,
      calls: changes ? [{ call: setCall(scope), params: setParams(scope, after) }] : [],
      captured: { scope, policy },
    };
  },
  async restore(session, captured) {
    const scope = captured.scope as Scope;
    // The apply changed the etag: the captured bindings go back under the current one.
    const { etag } = await read(session, scope);
    const policy = { ...(captured.policy as Policy), etag };
    return [{ call: setCall(scope), params: setParams(scope, policy) }];
  },
  send: (session, call) => send(session, call),
};
