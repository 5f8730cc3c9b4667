// Control ids that checks of one kind support, per framework: SOC 2 (2017 Trust Services
// Criteria), ISO/IEC 27001:2022 Annex A, NIST CSF (1.1 subcategory, then its 2.0 successor),
// HIPAA Security Rule (45 CFR) and GDPR articles. Compliance evidence is built on these ids.
import type { FrameworkRefs } from '../types.ts';

export const NETWORK_EXPOSURE: FrameworkRefs = {
  soc2: ['CC6.1', 'CC6.6'],
  iso27001: ['A.8.20', 'A.8.22'],
  nist_csf: ['PR.AC-5', 'PR.IR-01'],
  hipaa: ['164.312(a)(1)', '164.312(e)(1)'],
  gdpr: ['Art. 32(1)(b)'],
};

export const PUBLIC_DATA: FrameworkRefs = {
  soc2: ['CC6.1', 'CC6.6', 'CC6.7'],
  iso27001: ['A.5.15', 'A.8.3', 'A.8.12'],
  nist_csf: ['PR.AC-3', 'PR.DS-5', 'PR.AA-05'],
  hipaa: ['164.312(a)(1)', '164.308(a)(4)(i)'],
  gdpr: ['Art. 25(2)', 'Art. 32(1)(b)'],
};

export const ENCRYPTION_AT_REST: FrameworkRefs = {
  soc2: ['CC6.1', 'CC6.7'],
  iso27001: ['A.8.24'],
  nist_csf: ['PR.DS-1', 'PR.DS-01'],
  hipaa: ['164.312(a)(2)(iv)'],
  gdpr: ['Art. 32(1)(a)'],
};

export const BACKUP_INTEGRITY: FrameworkRefs = {
  soc2: ['A1.2', 'CC7.4'],
  iso27001: ['A.8.13'],
  nist_csf: ['PR.IP-4', 'PR.DS-11'],
  hipaa: ['164.308(a)(7)(ii)(A)', '164.312(c)(1)'],
  gdpr: ['Art. 32(1)(c)'],
};

export const AUDIT_LOGGING: FrameworkRefs = {
  soc2: ['CC7.2', 'CC7.3'],
  iso27001: ['A.8.15', 'A.8.16'],
  nist_csf: ['PR.PT-1', 'DE.CM-1', 'DE.CM-01'],
  hipaa: ['164.312(b)'],
  gdpr: ['Art. 30', 'Art. 32(1)(d)'],
};

export const AUTHENTICATION: FrameworkRefs = {
  soc2: ['CC6.1', 'CC6.2'],
  iso27001: ['A.5.17', 'A.8.5'],
  nist_csf: ['PR.AC-1', 'PR.AC-7', 'PR.AA-03'],
  hipaa: ['164.312(d)', '164.308(a)(5)(ii)(D)'],
  gdpr: ['Art. 32(1)(b)'],
};

export const PRIVILEGED_ACCESS: FrameworkRefs = {
  soc2: ['CC6.1', 'CC6.3'],
  iso27001: ['A.5.15', 'A.5.18', 'A.8.2'],
  nist_csf: ['PR.AC-4', 'PR.AA-05'],
  hipaa: ['164.308(a)(4)(ii)(B)', '164.312(a)(1)'],
  gdpr: ['Art. 25(2)', 'Art. 32(4)'],
};

export const ACCESS_REVIEW: FrameworkRefs = {
  soc2: ['CC6.2', 'CC6.3'],
  iso27001: ['A.5.16', 'A.5.18'],
  nist_csf: ['PR.AC-1', 'PR.AA-01'],
  hipaa: ['164.308(a)(3)(ii)(C)', '164.308(a)(4)(ii)(C)'],
  gdpr: ['Art. 32(1)(b)'],
};

export const THREAT_DETECTION: FrameworkRefs = {
  soc2: ['CC7.1', 'CC7.2'],
  iso27001: ['A.8.16', 'A.5.25'],
  nist_csf: ['DE.CM-1', 'DE.AE-2', 'DE.CM-01'],
  hipaa: ['164.308(a)(1)(ii)(D)', '164.308(a)(6)(ii)'],
  gdpr: ['Art. 32(1)(d)', 'Art. 33(1)'],
};

export const INCIDENT_RESPONSE: FrameworkRefs = {
  soc2: ['CC7.4', 'CC7.5'],
  iso27001: ['A.5.24', 'A.5.26'],
  nist_csf: ['RS.CO-2', 'RS.MA-01'],
  hipaa: ['164.308(a)(6)(i)', '164.308(a)(6)(ii)'],
  gdpr: ['Art. 33(1)'],
};

export const ENCRYPTION_IN_TRANSIT: FrameworkRefs = {
  soc2: ['CC6.1', 'CC6.7'],
  iso27001: ['A.8.20', 'A.8.24'],
  nist_csf: ['PR.DS-2', 'PR.DS-02'],
  hipaa: ['164.312(e)(1)', '164.312(e)(2)(ii)'],
  gdpr: ['Art. 32(1)(a)'],
};

export const RESILIENCE: FrameworkRefs = {
  soc2: ['A1.2'],
  iso27001: ['A.8.14', 'A.5.30'],
  nist_csf: ['PR.PT-5', 'PR.IR-03'],
  hipaa: ['164.308(a)(7)(i)', '164.308(a)(7)(ii)(B)'],
  gdpr: ['Art. 32(1)(b)', 'Art. 32(1)(c)'],
};

export const SECURE_CONFIGURATION: FrameworkRefs = {
  soc2: ['CC7.1', 'CC8.1'],
  iso27001: ['A.8.9'],
  nist_csf: ['PR.IP-1', 'PR.PS-01'],
  hipaa: ['164.308(a)(1)(ii)(B)'],
  gdpr: ['Art. 32(1)(b)'],
};

export const VULNERABILITY_MANAGEMENT: FrameworkRefs = {
  soc2: ['CC7.1'],
  iso27001: ['A.8.8'],
  nist_csf: ['ID.RA-1', 'ID.RA-01'],
  hipaa: ['164.308(a)(1)(ii)(A)'],
  gdpr: ['Art. 32(1)(d)'],
};
