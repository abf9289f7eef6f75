import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources; the published packages point at dist.
    alias: [
      { find: /^@affordance\/core$/, replacement: here('./packages/core/src/index.ts') },
      { find: /^@affordance\/core\/testing$/, replacement: here('./packages/core/src/testing/index.ts') },
      { find: /^@affordance\/core\/tracing$/, replacement: here('./packages/core/src/tracing/index.ts') },
      {
        find: /^@affordance\/core\/openai$/,
        replacement: here('./packages/core/src/providers/openai/index.ts'),
      },
      {
        find: /^@affordance\/core\/anthropic$/,
        replacement: here('./packages/core/src/providers/anthropic/index.ts'),
      },
      { find: /^@affordance\/canvas$/, replacement: here('./examples/canvas/src/index.ts') },
      { find: /^@affordance\/node$/, replacement: here('./packages/node/src/index.ts') },
      { find: /^@affordance\/mcp$/, replacement: here('./packages/mcp/src/index.ts') },
      { find: /^@affordance\/server$/, replacement: here('./packages/server/src/index.ts') },
      { find: /^@affordance\/react$/, replacement: here('./packages/react/src/index.ts') },
      { find: /^@affordance\/react\/testing$/, replacement: here('./packages/react/src/testing/index.ts') },
      { find: /^@affordance\/store-postgres$/, replacement: here('./packages/store-postgres/src/index.ts') },
      {
        find: /^@affordance\/store-postgres\/testing$/,
        replacement: here('./packages/store-postgres/src/testing/index.ts'),
      },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
    ],
    typecheck: { enabled: true, include: ['packages/*/src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 20_000,
  },
});
