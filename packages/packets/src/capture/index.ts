export { captureCapability } from './capability.ts';
export { checkCaptureFilter } from './filter.ts';
export type { CaptureInterfaceInfo } from './interfaces.ts';
export { type LiveCapture, type LiveCaptureOptions, startLiveCapture } from './live.ts';
export { CAPTURE_MESSAGES } from './messages.ts';
