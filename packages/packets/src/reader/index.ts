export { DEFAULT_MAX_RECORD_BYTES } from './parser.ts';
export {
  type CaptureReader,
  createCaptureReader,
  type ReadOptions,
  readCaptureFile,
} from './reader.ts';
