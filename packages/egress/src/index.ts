export { type ConnectOptions, connectChecked, DEFAULT_CONNECT_TIMEOUT_MS } from './connect.ts';
export {
  classifyFailure,
  EgressError,
  type EgressFailureKind,
  httpFailure,
  tooLarge,
} from './errors.ts';
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  type EgressFetch,
  type EgressFetchOptions,
  egressFetch,
} from './fetch.ts';
export { type Network, type NetworkOptions, networkFor } from './network.ts';
export {
  canonical,
  createEgressPolicy,
  type EgressPolicy,
  type EgressPolicyOptions,
  type Endpoint,
  isRange,
  type RefusedPort,
  type Requester,
  type Verdict,
} from './policy.ts';
export { type Lookup, type Resolved, resolveChecked } from './resolve.ts';
