import { defineConfig } from 'vitest/config';
import { bankSummary } from './scripts/vite-bank-summary.ts';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [bankSummary()],
        test: {
          name: 'unit',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Type tests (*.test-d.ts): tsc checks them and vitest reports each failed expectTypeOf.
          typecheck: { enabled: true, include: ['domain/**/*.test-d.ts', 'server/**/*.test-d.ts'], tsconfig: './tsconfig.typetest.json' },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
