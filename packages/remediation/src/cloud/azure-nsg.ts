// azure-remove-open-nsg-rule: deletes the NSG's inbound allow rules that let the internet reach the
// check's port (or every port); rollback writes each captured rule again (PUT, idempotent).
import type { SecurityRule } from '@azure/arm-network';
import { AZURE_CHECKS, azureClients } from '@netguard/cloud';
import { RemediationError } from '../execution.ts';
import { exposureTest, isWorldSource, type PortRange, parsePortRange } from './exposure.ts';
import type { CloudSession } from './session.ts';
import type { ApiCall, CloudHandler } from './types.ts';

type AzureSession = CloudSession<'azure'>;

const DELETE = 'Microsoft.Network/networkSecurityGroups/securityRules/delete';
const WRITE = 'Microsoft.Network/networkSecurityGroups/securityRules/write';

const clients = (session: AzureSession) =>
  session.once('clients', () => azureClients(session.credentials, session.options.transport ?? {}));

function nsgOf(resourceId: string) {
  const match =
    /\/resourceGroups\/([^/]+)\/providers\/Microsoft\.Network\/networkSecurityGroups\/([^/]+)$/i.exec(
      resourceId,
    );
  if (!match) throw new RemediationError('missing_parameter', `${resourceId} names no NSG`);
  return { resourceGroupName: match[1] as string, networkSecurityGroupName: match[2] as string };
}

const sources = (r: SecurityRule) => [r.sourceAddressPrefix, ...(r.sourceAddressPrefixes ?? [])];
const ranges = (r: SecurityRule) =>
  [r.destinationPortRange ?? '', ...(r.destinationPortRanges ?? [])]
    .map(parsePortRange)
    .filter((x): x is PortRange => x !== undefined);

/** The rule as it is written back: without what ARM sets itself (id, etag, provisioning state). */
function writable(rule: SecurityRule): SecurityRule {
  const { id: _id, etag: _etag, type: _type, provisioningState: _state, ...rest } = rule;
  return JSON.parse(JSON.stringify(rest));
}

type Target = ReturnType<typeof nsgOf>;

async function send(session: AzureSession, call: ApiCall) {
  const { network } = clients(session);
  const p = call.params as Target & {
    securityRuleName: string;
    securityRuleParameters?: SecurityRule;
  };
  if (call.call === DELETE) {
    await network.securityRules.beginDeleteAndWait(
      p.resourceGroupName,
      p.networkSecurityGroupName,
      p.securityRuleName,
    );
    return undefined;
  }
  return writable(
    await network.securityRules.beginCreateOrUpdateAndWait(
      p.resourceGroupName,
      p.networkSecurityGroupName,
      p.securityRuleName,
      p.securityRuleParameters ?? {},
    ),
  );
}

export const azureRemoveOpenNsgRule: CloudHandler<'azure'> = {
  provider: 'azure',
  async plan(session, finding) {
    const opens = exposureTest(AZURE_CHECKS, finding.checkId);
    const target = nsgOf(finding.resourceId);
    const nsg = await session.step('Microsoft.Network/networkSecurityGroups/read', () =>
      clients(session).network.networkSecurityGroups.get(
        target.resourceGroupName,
        target.networkSecurityGroupName,
      ),
    );
    const rules = (nsg.securityRules ?? []).map(writable);
    const open = rules.filter(
      (r) =>
        r.direction === 'Inbound' &&
        r.access === 'Allow' &&
        (r.protocol === 'Tcp' || r.protocol === '*') &&
        sources(r).some(isWorldSource) &&
        opens(ranges(r)),
    );
    const resource = (securityRules: SecurityRule[]) => ({
      id: nsg.id,
      name: nsg.name,
      securityRules,
    });
    return {
      target: finding.resourceId,
      before: resource(rules),
      after: resource(rules.filter((r) => !open.includes(r))),
      calls: open.map((r) => ({ call: DELETE, params: { ...target, securityRuleName: r.name } })),
      captured: { ...target, rules: open },
    };
  },
  async restore(_session, captured) {
    const { resourceGroupName, networkSecurityGroupName } = captured as Target;
    return (captured.rules as SecurityRule[]).map((rule) => ({
      call: WRITE,
      params: {
        resourceGroupName,
        networkSecurityGroupName,
        securityRuleName: rule.name,
        securityRuleParameters: rule,
      },
    }));
  },
  send: (session, call) => send(session, call),
};
