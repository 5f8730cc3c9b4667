// Catalog entries for "port open to the internet" checks, one per exposed service and one for all
// ports, built from EXPOSED_SERVICES so the port in each text comes from data.
import type { CheckMeta, Provider } from '../types.ts';
import { frameworks } from './frameworks.ts';
import { EXPOSED_SERVICES, type ExposedService } from './ports.ts';

export type ExposureCatalogSpec = {
  provider: Provider;
  /** Id prefix, e.g. `azure_nsg_open`; the service key follows. */
  idPrefix: string;
  service: string;
  resourceType: string;
  /** What holds the rules, e.g. "Network security group". */
  subject: string;
  /** How to close the port; `{port}` is replaced. */
  remediation: string;
  cli: (port: string) => string;
};

const serviceMeta = (spec: ExposureCatalogSpec, svc: ExposedService): CheckMeta => ({
  id: `${spec.idPrefix}_${svc.key}`,
  provider: spec.provider,
  service: spec.service,
  resourceType: spec.resourceType,
  title: `${spec.subject} allows ${svc.name} (TCP ${svc.port}) from the internet`,
  severity: svc.severity,
  description: `An inbound rule allows TCP ${svc.port} (${svc.name}) from any address (0.0.0.0/0, ::/0, * or Internet).`,
  risk: `${svc.name} reachable from anywhere is scanned and brute-forced within minutes of exposure; a weak credential or an unpatched ${svc.name} flaw becomes a breach.`,
  remediation: spec.remediation.replaceAll('{port}', String(svc.port)),
  cli: spec.cli(String(svc.port)),
  frameworks: frameworks('networkExposure'),
  exposedPorts: [svc.port],
});

/** One check per exposed service plus one for "all ports open". */
export function exposureCatalog(spec: ExposureCatalogSpec): CheckMeta[] {
  return [
    ...EXPOSED_SERVICES.map((svc) => serviceMeta(spec, svc)),
    {
      id: `${spec.idPrefix}_all_ports`,
      provider: spec.provider,
      service: spec.service,
      resourceType: spec.resourceType,
      title: `${spec.subject} allows every port from the internet`,
      severity: 'critical',
      description: 'An inbound rule allows all TCP ports from any address.',
      risk: 'Every service on the protected machines, including management and database ports, is reachable from the internet.',
      remediation: spec.remediation.replaceAll('{port}', 'the ports you serve'),
      cli: spec.cli('*'),
      frameworks: frameworks('networkExposure'),
    },
  ];
}
