// gcp-remove-open-firewall: deletes the VPC firewall rule that lets the internet reach the check's
// port (or every port); rollback inserts the captured rule again.
import type { compute_v1 } from '@googleapis/compute';
import { GCP_CHECKS } from '@netguard/cloud';
import { RemediationError } from '../execution.ts';
import { exposureTest, isWorldSource, type PortRange, parsePortRange } from './exposure.ts';
import { finished, type GcpSession, google } from './gcp-session.ts';
import type { ApiCall, CloudHandler } from './types.ts';

type Firewall = compute_v1.Schema$Firewall;

const DELETE = 'compute.firewalls.delete';
const INSERT = 'compute.firewalls.insert';
const TCP = ['tcp', 'all'];

/** Project and rule name from the self link (`…/projects/<p>/global/firewalls/<name>`). */
function firewallOf(session: GcpSession, resourceId: string) {
  const match = /projects\/([^/]+)\/global\/firewalls\/([^/]+)$/.exec(resourceId);
  if (match) return { project: match[1] as string, firewall: match[2] as string };
  if (/^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(resourceId))
    return { project: session.credentials.projectId, firewall: resourceId };
  throw new RemediationError('missing_parameter', `${resourceId} names no firewall rule`);
}

const ranges = (rule: Firewall): PortRange[] =>
  (rule.allowed ?? [])
    .filter((a) => TCP.includes(a.IPProtocol ?? ''))
    .flatMap((a) =>
      a.ports?.length
        ? a.ports.map(parsePortRange).filter((r): r is PortRange => r !== undefined)
        : [[0, 65535] as const],
    );

/** The rule as insert takes it: without the fields the API sets (id, creation time, self link). */
function insertable(rule: Firewall): Firewall {
  const { id: _id, creationTimestamp: _t, selfLink: _s, kind: _k, ...rest } = rule;
  return rest;
}

async function send(session: GcpSession, call: ApiCall) {
  const { compute } = google(session);
  const project = String(call.params.project);
  const answer =
    call.call === DELETE
      ? await compute.firewalls.delete(call.params as { project: string; firewall: string })
      : await compute.firewalls.insert(call.params as { project: string; requestBody: Firewall });
  return finished(session, project, answer.data);
}

export const gcpRemoveOpenFirewall: CloudHandler<'gcp'> = {
  provider: 'gcp',
  async plan(session, finding) {
    const opens = exposureTest(GCP_CHECKS, finding.checkId);
    const target = firewallOf(session, finding.resourceId);
    const rule = await session.step('compute.firewalls.get', () =>
      google(session)
        .compute.firewalls.get(target)
        .then((r) => r.data),
    );
    const open =
      rule.direction === 'INGRESS' &&
      !rule.disabled &&
      (rule.sourceRanges ?? []).some(isWorldSource) &&
      opens(ranges(rule));
    return {
      target: finding.resourceId,
      before: rule,
      after: open ? null : rule,
      calls: open ? [{ call: DELETE, params: target }] : [],
      captured: { project: target.project, firewall: insertable(rule) },
    };
  },
  async restore(_session, captured) {
    return [
      { call: INSERT, params: { project: captured.project, requestBody: captured.firewall } },
    ];
  },
  send: (session, call) => send(session, call),
};
