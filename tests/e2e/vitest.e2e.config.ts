import { defineConfig } from 'vitest/config';
import { aliases } from '../../vite.config';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
