import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the TypeScript sources; the published packages point at dist.
    alias: [
      { find: /^@affordance\/core$/, replacement: here('./packages/core/src/index.ts') },
      {
        find: /^@affordance\/core\/(openai|anthropic|gemini)$/,
        replacement: here('./packages/core/src/providers/$1/index.ts'),
      },
      // Every other entry point of core is the index of its folder (see packages/core/package.json `exports`).
      { find: /^@affordance\/core\/([a-z-]+)$/, replacement: here('./packages/core/src/$1/index.ts') },
      // core's package.json `imports` map; its source file under test, as for the entry points above.
      { find: /^#json-validator$/, replacement: here('./packages/core/src/schema/json-validator-node.ts') },
      { find: /^#format-checks$/, replacement: here('./packages/core/src/schema/format-checks-node.ts') },
      { find: /^#pattern-flags$/, replacement: here('./packages/core/src/schema/pattern-flags-node.ts') },
      { find: /^#tool-formats$/, replacement: here('./packages/core/src/formats/default-formats-node.ts') },
      { find: /^@affordance\/canvas$/, replacement: here('./examples/canvas/src/index.ts') },
      { find: /^@affordance\/node$/, replacement: here('./packages/node/src/index.ts') },
      { find: /^@affordance\/ai-sdk$/, replacement: here('./packages/ai-sdk/src/index.ts') },
      { find: /^@affordance\/mcp$/, replacement: here('./packages/mcp/src/index.ts') },
      {
        find: /^@affordance\/mcp\/(node|stdio|client)$/,
        replacement: here('./packages/mcp/src/$1/index.ts'),
      },
      { find: /^@affordance\/server$/, replacement: here('./packages/server/src/index.ts') },
      { find: /^@affordance\/client$/, replacement: here('./packages/client/src/index.ts') },
      { find: /^@affordance\/react$/, replacement: here('./packages/react/src/index.ts') },
      { find: /^@affordance\/react\/testing$/, replacement: here('./packages/react/src/testing/index.ts') },
      { find: /^@affordance\/langchain$/, replacement: here('./packages/langchain/src/index.ts') },
      { find: /^@affordance\/openai-agents$/, replacement: here('./packages/openai-agents/src/index.ts') },
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
