// The CLI's help, in a module of its own so that `netguard-scan --help` loads nothing else.
export const USAGE = `Usage: netguard-scan <targets> [options]

Targets: comma-separated IPv4 addresses, hostnames, CIDR blocks (192.0.2.0/24) or
last-octet ranges (192.0.2.1-50).

Options:
  -p, --ports <spec>       ports: 1-1024,3306 | top100 | top1000 | all (default top1000)
      --top-ports <n>      the n most common ports
      --run <what>         ports: port states only (no service detection, no checks)
                           services: ports and service detection, no checks
                           all: ports, services and checks (default)
      --checks <list>      all | none | check ids, comma-separated (default all; with --run all)
      --udp                also probe DNS (53), NTP (123) and SNMP (161) over UDP
  -o, --output <format>    jsonl | nmap-xml | sarif (default jsonl)
      --rate <n>           at most n probes per second
      --timeout <ms>       longest wait for one connect (default 1250)
      --concurrency <n>    most probes in flight (default 512)
      --threads <n>        worker threads for TCP scanning (default: one per core)
      --allow <cidrs>      only scan inside these CIDRs
      --deny <cidrs>       never scan these CIDRs (added to the default deny list)
      --advisories <path>  advisories file to match (default $NETGUARD_DATA_DIR/advisories.json if present)
  -Pn, --skip-discovery    treat every host as up
  -h, --help               show this help

Update advisories: netguard-scan advisories import --nvd <file|url> --kev <file|url> --epss <file|url> [--out path]
`;
