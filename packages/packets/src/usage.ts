// The CLI's help, in a module of its own so that `netguard-packets --help` loads nothing else.
export const USAGE = `Usage: netguard-packets <command> <file> [options]

Commands:
  count <file>    print the number of packets (matching -Y) as the last line
  stats <file>    print the protocol distribution, top hosts and conversations as JSON
  read <file>     print one line per packet, like tshark: number, time, source → destination,
                  protocol, length, info

Options:
  -Y, --filter <filter>      display filter, Wireshark syntax: "tcp.port == 80 && ip.addr == 127.0.0.1"
  -d, --decode-as <rule>     decode a port as a protocol, like tshark: tcp.port==8080,http
                             (dns, http, tls, ssh, ftp, dhcp); repeatable
      --json                 read: one JSON packet per line instead of text
      --top <n>              stats: how many top hosts (default 5)
  -h, --help                 show this help

Exit codes: 0 done, 1 corrupt capture, unreadable file or bad filter, 2 usage error.
`;
