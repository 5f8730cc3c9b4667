// The Azure and GCP HTTPS fakes (Entra, ARM, the Google APIs) on 127.0.0.1 with a test CA, and
// the scanners and endpoints that reach them, as the server's Azure/GCP suites start them. The
// key's token_uri is the GCP fake's: `fakeReach` lets the app's tenants reach it.
import { awsScanner } from '../../../packages/cloud/src/aws/scanner.ts';
import { createAzureScanner } from '../../../packages/cloud/src/azure/scanner.ts';
import { createGcpScanner } from '../../../packages/cloud/src/gcp/scanner.ts';
import { startAzureFake } from '../../../packages/cloud/src/testing/azure-fake.ts';
import { cleanAzureState } from '../../../packages/cloud/src/testing/azure-state.ts';
import { startGcpFake } from '../../../packages/cloud/src/testing/gcp-fake.ts';
import { cleanGcpState, serviceAccountKey } from '../../../packages/cloud/src/testing/gcp-state.ts';
import { createTestTls, testAgent } from '../../../packages/cloud/src/testing/test-ca.ts';
import { testResources } from '../../../scripts/testing/current.ts';
import { configuredScanners } from '../src/modules/cloud/cloud.scanners.ts';

export async function startCloudFakes() {
  const tls = createTestTls();
  const azure = await startAzureFake(tls, cleanAzureState());
  const gcp = await startGcpFake(tls, cleanGcpState(''));
  const key = serviceAccountKey(`${gcp.url}/token`);
  Object.assign(gcp.state, cleanGcpState(key.publicKey));
  const agent = testAgent(tls);
  const endpoints = { azureAuthority: azure.url, azureArm: azure.url, gcpApi: gcp.url };
  const scanners = configuredScanners(endpoints, {
    aws: awsScanner,
    azure: createAzureScanner({ agent }),
    gcp: createGcpScanner({ agent }),
  });
  return {
    tls,
    azure,
    gcp,
    key,
    agent,
    endpoints,
    scanners,
    close: async () => {
      await azure.close();
      await gcp.close();
    },
  };
}

/** What createTestApp needs for tenants to reach the fakes: 127.0.0.1 allowed, their CA trusted. */
export const fakeReach = (tls: { ca: string }) => ({
  env: { EGRESS_ALLOWED_RANGES: `${testResources().block},127.0.0.1/32` },
  options: { egressCa: tls.ca },
});
