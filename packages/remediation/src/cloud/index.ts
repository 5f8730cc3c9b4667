export { CLOUD_EXECUTABLE_ACTIONS, type CloudExecutor, cloudExecutor } from './executor.ts';
export { applyCloud, dryRunCloud, rollbackCloud } from './run.ts';
export type { ApiCall, CloudFinding, CloudOptions } from './types.ts';
export { verifyCloudCheck } from './verify.ts';
