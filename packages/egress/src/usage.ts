export const USAGE = `netguard-egress: whether NetGuard may connect to a host for a tenant or an operator

Usage:
  netguard-egress check <host> <port> [options]

Options:
  --operator          ask as a deployment operator (loopback and this host allowed)
  --allow CIDR,...    EGRESS_ALLOWED_RANGES
  --deny CIDR,...     EGRESS_DENIED_RANGES
  --own ADDR:PORT,... the deployment's own listeners and database

Prints "allowed: <address> port <port>" (exit 0) or "refused: <reason>" (exit 1); a name is
resolved once and every address it resolves to is checked. Exit 2 on a usage error.
`;
