// The logic of the "open to the internet" checks built by exposureCatalog: one finding per
// resource whose rules let the internet reach the port, naming those rules.

import { EXPOSED_SERVICES, type IngressRule, rulesOpening, rulesOpeningAll } from './ports.ts';
import type { CheckFn, Draft } from './run-scan.ts';

/** Firewall scopes in which priorities compete (one NSG; one VPC network). */
export type RuleScopes<D> = (data: D) => IngressRule[][];

function draftsFor(opening: IngressRule[], ports: number[] | undefined): Draft[] {
  // Map.groupBy is Node 21+.
  const byResource = new Map<string, IngressRule[]>();
  for (const rule of opening)
    byResource.set(rule.resourceId, [...(byResource.get(rule.resourceId) ?? []), rule]);
  return [...byResource].map(([resourceId, rules]) => {
    const first = rules[0] as IngressRule;
    const addresses = [...new Set(rules.flatMap((r) => r.addresses))];
    const what = ports ? `TCP ${ports.join(', ')}` : 'every port';
    return {
      resourceId,
      region: first.region,
      detail: `Rule ${rules.map((r) => r.name).join(', ')} allows ${what} from the internet.`,
      evidence: {
        rules: rules.map((r) => ({ name: r.name, priority: r.priority, ranges: r.ranges })),
      },
      ...(addresses.length ? { publicAddresses: addresses } : {}),
      ...(ports ? { exposedPorts: ports } : {}),
    };
  });
}

/** Check logic keyed by the ids exposureCatalog gives for the same prefix. */
export function exposureChecks<D>(
  idPrefix: string,
  scopes: RuleScopes<D>,
): Record<string, CheckFn<D>> {
  const checks: Record<string, CheckFn<D>> = {};
  for (const svc of EXPOSED_SERVICES) {
    checks[`${idPrefix}_${svc.key}`] = (data) =>
      scopes(data).flatMap((rules) => draftsFor(rulesOpening(rules, svc.port), [svc.port]));
  }
  checks[`${idPrefix}_all_ports`] = (data) =>
    scopes(data).flatMap((rules) => draftsFor(rulesOpeningAll(rules), undefined));
  return checks;
}
