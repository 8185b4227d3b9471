import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/contract-check.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Test files start their own dynalite/s3rver on random ports; two cores, so two at a time.
    maxWorkers: 2,
    pool: 'forks',
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
