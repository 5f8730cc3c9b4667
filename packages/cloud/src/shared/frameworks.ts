// Framework control ids per kind of weakness, so that every provider's catalog maps the same kind
// of check to the same controls (SOC 2 2017 TSC, ISO/IEC 27001:2022 Annex A, NIST CSF 1.1 and 2.0,
// HIPAA Security Rule, GDPR).
import type { FrameworkRefs } from '../types.ts';

export const FRAMEWORKS = {
  networkExposure: {
    soc2: ['CC6.1', 'CC6.6'],
    iso27001: ['A.8.20', 'A.8.22'],
    nist_csf: ['PR.AC-5', 'PR.IR-01'],
    hipaa: ['164.312(e)(1)'],
    gdpr: ['Art. 32'],
  },
  publicData: {
    soc2: ['CC6.1', 'CC6.6'],
    iso27001: ['A.5.15', 'A.8.3'],
    nist_csf: ['PR.AC-3', 'PR.DS-01'],
    hipaa: ['164.312(a)(1)'],
    gdpr: ['Art. 25', 'Art. 32'],
  },
  encryptionInTransit: {
    soc2: ['CC6.7'],
    iso27001: ['A.8.24'],
    nist_csf: ['PR.DS-2', 'PR.DS-02'],
    hipaa: ['164.312(e)(1)', '164.312(e)(2)(ii)'],
    gdpr: ['Art. 32'],
  },
  encryptionAtRest: {
    soc2: ['CC6.1', 'CC6.7'],
    iso27001: ['A.8.24'],
    nist_csf: ['PR.DS-1', 'PR.DS-01'],
    hipaa: ['164.312(a)(2)(iv)'],
    gdpr: ['Art. 32'],
  },
  leastPrivilege: {
    soc2: ['CC6.1', 'CC6.3'],
    iso27001: ['A.5.15', 'A.5.18', 'A.8.2'],
    nist_csf: ['PR.AC-4', 'PR.AA-05'],
    hipaa: ['164.312(a)(1)', '164.308(a)(4)'],
    gdpr: ['Art. 25', 'Art. 32'],
  },
  credentials: {
    soc2: ['CC6.1'],
    iso27001: ['A.5.17'],
    nist_csf: ['PR.AC-1', 'PR.AA-01'],
    hipaa: ['164.308(a)(5)(ii)(D)'],
    gdpr: ['Art. 32'],
  },
  logging: {
    soc2: ['CC7.2'],
    iso27001: ['A.8.15'],
    nist_csf: ['DE.CM-1', 'DE.CM-01'],
    hipaa: ['164.312(b)'],
    gdpr: ['Art. 32'],
  },
  recovery: {
    soc2: ['A1.2', 'CC7.5'],
    iso27001: ['A.8.13'],
    nist_csf: ['PR.IP-4', 'PR.DS-11'],
    hipaa: ['164.308(a)(7)(ii)(A)'],
    gdpr: ['Art. 32'],
  },
  assetInventory: {
    soc2: ['CC6.1'],
    iso27001: ['A.5.9'],
    nist_csf: ['ID.AM-2', 'ID.AM-02'],
    hipaa: ['164.310(d)(1)'],
    gdpr: ['Art. 30'],
  },
  secureConfiguration: {
    soc2: ['CC7.1', 'CC8.1'],
    iso27001: ['A.8.9'],
    nist_csf: ['PR.IP-1', 'PR.PS-01'],
    hipaa: ['164.308(a)(1)(ii)(B)'],
    gdpr: ['Art. 32'],
  },
} as const satisfies Record<string, FrameworkRefs>;

/** A mutable copy, so that no catalog entry shares arrays with another. */
export const frameworks = (kind: keyof typeof FRAMEWORKS): FrameworkRefs => {
  const refs = FRAMEWORKS[kind];
  return {
    soc2: [...refs.soc2],
    iso27001: [...refs.iso27001],
    nist_csf: [...refs.nist_csf],
    hipaa: [...refs.hipaa],
    gdpr: [...refs.gdpr],
  };
};
