// The scanner of each provider the CLI and the server can run. A provider missing here is not
// built yet.
import { awsScanner } from './aws/scanner.ts';
import type { Provider, Scanner } from './types.ts';

export const SCANNERS: { [P in Provider]?: Scanner<P> } = {
  aws: awsScanner,
};
