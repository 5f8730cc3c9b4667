import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'cloud',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/testing/bind-guard.ts'],
    globalSetup: ['../../scripts/vitest-build-setup.ts'],
    testTimeout: 20_000,
    // A beforeAll that starts moto_server waits up to its own 30 s start bound (testing/moto.ts).
    hookTimeout: 30_000,
    // The SDK's notice that its 2027 releases need Node 22: known, and not the tests' business.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
