import { FREE_PLAN_LIMITS, SCAN_TYPES } from '@netguard/contracts';
import { REPORT_FRAMEWORKS_TEXT } from './help-claims';
import { SEVERITY_GUIDANCE } from './severity-guidance';

export const FAQ_CATEGORIES = [
  { value: 'getting-started', label: 'Getting Started' },
  { value: 'scanning', label: 'Scanning' },
  { value: 'packet-analysis', label: 'Packet Analysis' },
  { value: 'vulnerabilities', label: 'Vulnerabilities' },
  { value: 'cloud-security', label: 'Cloud Security' },
  { value: 'reporting', label: 'Reporting' },
] as const;

export type FaqCategory = (typeof FAQ_CATEGORIES)[number]['value'];

export type FaqItem = { id: string; category: FaqCategory; question: string; answer: string };

const severitySummary = SEVERITY_GUIDANCE.map(
  (entry) => `${entry.severity}: ${entry.target.toLowerCase()}`,
).join('; ');

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'what-is-netguard',
    category: 'getting-started',
    question: 'What is NetGuard?',
    answer:
      'NetGuard is a self-hosted network security platform. It scans the networks you own for live hosts, open ports and vulnerable services, helps you track fixes, analyses packets, checks cloud accounts and turns the results into reports. Your scan data stays on your own server.',
  },
  {
    id: 'first-scan',
    category: 'getting-started',
    question: 'How do I run my first scan?',
    answer:
      'Open Scan Network, give the scan a name, choose a scan type and add one or more targets (press Enter or click Add). Click Launch Scan; you are taken to the dashboard, where the live scan-status panel shows progress.',
  },
  {
    id: 'permission',
    category: 'getting-started',
    question: 'Which networks am I allowed to scan?',
    answer:
      'Only networks you own or have explicit permission to test, ideally in writing. Unauthorized scanning may be illegal. Administrators can also limit the ranges a deployment may scan: targets outside them are refused, and cloud metadata addresses are blocked by default.',
  },
  {
    id: 'free-plan',
    category: 'getting-started',
    question: 'What does the Free plan include?',
    answer: `The Free plan allows ${FREE_PLAN_LIMITS.scansPerMonth} scans per month with at most ${FREE_PLAN_LIMITS.maxTargetsPerScan} targets per scan and basic reporting. Professional adds unlimited scans, API access, MFA and SSO; Enterprise adds custom integrations and the enterprise security features.`,
  },
  {
    id: 'tcp-connect',
    category: 'scanning',
    question: 'How does NetGuard scan ports?',
    answer:
      'It runs TCP connect scans from the NetGuard server: a port is open when the full TCP handshake completes, closed when the host refuses the connection, and filtered when nothing answers before the timeout. No raw packets or root privileges are needed, but every open port sees a real connection, so it shows up in the target’s logs and intrusion detection.',
  },
  {
    id: 'target-formats',
    category: 'scanning',
    question: 'Which target formats can I enter?',
    answer:
      'A single IPv4 address (192.0.2.10), a hostname (server.example.com), a CIDR subnet (192.0.2.0/24), a last-octet range (192.0.2.1-50), or a comma-separated list mixing them (192.0.2.10, 198.51.100.0/24). Invalid entries are skipped with a notice and duplicates are removed.',
  },
  {
    id: 'scan-types',
    category: 'scanning',
    question: 'Which scan type should I choose?',
    answer: `Start with Network Discovery to find live hosts, then run a Port Scan or Vulnerability Scan on the hosts that matter, and a Full Security Audit when you need everything. The scan types are: ${SCAN_TYPES.map((type) => type.label).join(', ')}.`,
  },
  {
    id: 'scan-duration',
    category: 'scanning',
    question: 'How long does a scan take?',
    answer:
      'The New Scan page estimates it before you launch: the addresses times the ports, at the rates your organization’s recent scans of the same type were measured at. Time grows with the number of targets and ports, and filtered ports are slowest because each one waits for its timeout.',
  },
  {
    id: 'scan-statuses',
    category: 'scanning',
    question: 'What do the scan statuses mean?',
    answer:
      'pending: queued and waiting for a worker. running: probes are in progress. completed: results are ready. failed: the scan could not finish; check the network configuration and try again. cancelled: stopped on request.',
  },
  {
    id: 'pcap-import',
    category: 'packet-analysis',
    question: 'Can I analyse a capture file recorded elsewhere?',
    answer:
      'Yes. Import a pcap or pcapng file (for example from tcpdump or Wireshark) and NetGuard decodes it into the same packet list, protocol distribution and top-hosts views as a live capture.',
  },
  {
    id: 'live-capture',
    category: 'packet-analysis',
    question: 'What traffic does live capture record?',
    answer:
      'Live capture runs on the NetGuard server, so it records traffic seen by that server’s network interface, not by your browser’s computer. The server needs tcpdump and permission to capture packets. The live view keeps the most recent 1000 packets.',
  },
  {
    id: 'packet-filter',
    category: 'packet-analysis',
    question: 'How do I find specific packets?',
    answer:
      'Type in the filter box to match source, destination, protocol or info text (case-insensitive) and combine it with the protocol selector. Click a packet to open its Summary and Payload tabs.',
  },
  {
    id: 'severity-levels',
    category: 'vulnerabilities',
    question: 'What do the severity levels mean?',
    answer:
      'Each finding is critical, high, medium, low or info and carries a risk score that orders your work. Info findings describe a service without being a weakness. Where a CVE applies, its ID links to a public CVE database entry with the full details.',
  },
  {
    id: 'severity-targets',
    category: 'vulnerabilities',
    question: 'How quickly should I fix each severity?',
    answer: `${severitySummary}. For example, patch every critical finding with a CVSS score above 9.0 first.`,
  },
  {
    id: 'mitigation-statuses',
    category: 'vulnerabilities',
    question: 'What do the mitigation statuses mean?',
    answer:
      'Each mitigation action is pending (not started), in_progress (being worked on), completed (done) or dismissed (accepted risk or false positive). You can set any status from the Mitigation tab; a vulnerability counts as mitigated once any of its actions is completed.',
  },
  {
    id: 'verify-fix',
    category: 'vulnerabilities',
    question: 'How do I confirm that a fix worked?',
    answer:
      'Re-scan the affected host with the same scan type after the change. If the finding no longer appears, mark the action completed; if it is still there, keep it in_progress and check the solution on the Details tab.',
  },
  {
    id: 'cloud-providers',
    category: 'cloud-security',
    question: 'Which cloud providers are supported?',
    answer:
      'AWS (access key ID, secret access key, region; default us-east-1), Azure (tenant ID, client ID, client secret, subscription ID; default eastus) and GCP (project ID and a service account key as JSON; default us-central1).',
  },
  {
    id: 'cloud-checks',
    category: 'cloud-security',
    question: 'What do the cloud posture checks look at?',
    answer:
      'AWS: EC2 security groups, S3 bucket permissions and IAM policies. Azure: resource groups, network security group rules and Key Vault access policies. GCP: firewall rules, Cloud Storage bucket permissions and IAM policy bindings.',
  },
  {
    id: 'cloud-credentials',
    category: 'cloud-security',
    question: 'How are my cloud credentials protected?',
    answer:
      'Credentials are encrypted at rest and never shown again in full. Give NetGuard read-only credentials (for example a security-audit or reader role): posture checks only read configuration.',
  },
  {
    id: 'cloud-scan-disabled',
    category: 'cloud-security',
    question: 'Why can’t I run a multi-cloud scan?',
    answer:
      'Run Multi-Cloud Scan needs at least one connected provider. Save credentials for AWS, Azure or GCP first; if the connection fails, check the credentials and the permissions of the account.',
  },
  {
    id: 'report-types',
    category: 'reporting',
    question: 'Which report types can I generate?',
    answer:
      'Executive Summary (overall risk for management), Technical Report (the top 10 vulnerabilities by risk score, with details), Compliance Report (control status by framework) and Trend Analysis (how your posture changed over 30 days).',
  },
  {
    id: 'report-no-data',
    category: 'reporting',
    question: 'Why does report generation say "No data available"?',
    answer:
      'Reports are built from your 10 most recent completed scans, so at least one scan must have completed. Run a scan, wait for it to complete, then generate the report again.',
  },
  {
    id: 'report-compliance',
    category: 'reporting',
    question: 'Which compliance frameworks do reports cover?',
    answer: `The Compliance Report maps control status to ${REPORT_FRAMEWORKS_TEXT}. On Enterprise it also gives each framework's status from compliance evidence (SOC 2, ISO 27001, NIST CSF, GDPR, HIPAA), the same figures as the Compliance Evidence page, or "Not assessed" before any evidence is collected.`,
  },
  {
    id: 'report-export',
    category: 'reporting',
    question: 'In which formats can I export reports?',
    answer: 'PDF for sharing, CSV for spreadsheets and JSON for feeding other tools.',
  },
];
