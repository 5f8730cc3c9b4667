// The security suite: 15 tests that probe a deployment from outside, its context and its scores.
export type { CanaryProvider, CanarySet, CanaryUser, RoleProbe, TenantResource } from './canary.ts';
export {
  createSecurityContext,
  DEFAULT_REQUEST_BUDGET,
  NETGUARD_PUBLIC_OPERATIONS,
  NETGUARD_ROUTES,
  type NetGuardRoutes,
  type SecurityContext,
  type SecurityContextOptions,
} from './context.ts';
export { BudgetSpentError, type HttpAnswer, type HttpClient, OutOfScopeError } from './http.ts';
export { securityScores } from './scores/index.ts';
export { runSecuritySuite, type SecuritySuiteOptions } from './suite.ts';
export { passiveSecurityTests, securityTests } from './tests/index.ts';
export type { TlsProber } from './tls-probe.ts';
