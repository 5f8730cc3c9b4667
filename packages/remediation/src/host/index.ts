export {
  type ConnectOptions,
  connectHost,
  type ExecOptions,
  type ExecResult,
  type HostConnection,
  type RemoteFile,
  type SudoMode,
  sha256Fingerprint,
} from './connection.ts';
export { applyHost, dryRunHost, HostApplyError, movedTo, rollbackHost } from './execute.ts';
export type { HostCapture } from './state.ts';
export {
  type HostVerification,
  type PortSeen,
  type VerifyOptions,
  verifyHostCheck,
  verifyHostChecks,
} from './verify.ts';
