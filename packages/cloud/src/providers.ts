// The scanner of each provider the CLI and the server can run.
import { awsScanner } from './aws/scanner.ts';
import { azureScanner } from './azure/scanner.ts';
import { gcpScanner } from './gcp/scanner.ts';
import type { Provider, Scanner } from './types.ts';

export const SCANNERS: { [P in Provider]: Scanner<P> } = {
  aws: awsScanner,
  azure: azureScanner,
  gcp: gcpScanner,
};
