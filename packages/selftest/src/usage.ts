export const USAGE = `netguard-selftest: the NetGuard security suite against a deployment, from outside.

Usage:
  netguard-selftest security <base-url> [options]

Options:
  --quick              only the passive tests (GET, HEAD and OPTIONS)
  --plain-http <url>   the plain-HTTP origin of the same host for the redirect test (default http://host)
  --ca <file>          PEM trust anchors for a certificate from a private CA
  --budget <n>         requests and TLS handshakes the run may send (default 1000)
  --json               the results, totals and scores as JSON

Without canary accounts (only the server can make them) the authorization, sign-in, session and
cookie tests are inconclusive, and a suite with an inconclusive test prints no grade.
Exit codes: 0 every test passed, 1 a test failed or was not decided, 2 bad arguments.
`;
