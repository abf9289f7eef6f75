// Dependency rules of the monorepo (dependency-cruiser): `npm run lint:deps`, and test/architecture/dependencies.test.ts.
// Core is a stack of folders, each importing only folders below it: the kernel (util … registry, the root
// `@affordance/core`), then the features, each an entry point of its own. See docs/architecture.md.

/** The kernel, lowest first. */
const KERNEL = [
  'util',
  'errors',
  'redact',
  'schema',
  'action',
  'ports',
  'observe',
  'formats',
  'pipeline',
  'registry',
];
/** The features above the kernel, lowest first: each may import the kernel and the features before it. */
const FEATURES = [
  'tracing',
  'text',
  'streaming',
  'ranking',
  'detect',
  'agent',
  'adapters',
  'providers',
  'testing',
];
const LAYERS = [...KERNEL, ...FEATURES];

const CORE = '^packages/core/src/';
// Tests and fixtures beside the code may reach anything: the rules are about what core ships.
const NOT_SHIPPED = '\\.(test|test-d|fixture|property\\.test)\\.ts$';
/** The files a package may import core through: the `exports` of packages/core/package.json (source condition). */
const ENTRY_FILES = `^packages/core/(${Object.values(require('./packages/core/package.json').exports)
  .map((entry) => entry['@affordance/source'].replace(/^\.\//, '').replace(/[.]/g, '\\.'))
  .join('|')})$`;

const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer}`,
  comment: `core/src/${layer} imports only the folders below it (${LAYERS.slice(0, index).join(', ') || 'none'})`,
  severity: 'error',
  from: { path: `${CORE}${layer}/`, pathNot: NOT_SHIPPED },
  to: { path: `${CORE}(${LAYERS.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycle inside core',
      severity: 'error',
      from: { path: CORE },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'core-no-node-builtins',
      comment: 'core runs in every JavaScript runtime: Node-only modules live in @affordance/node',
      severity: 'error',
      from: { path: CORE, pathNot: NOT_SHIPPED },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-platform-packages',
      comment:
        'Postgres, React, HTTP frameworks, Octokit and the agent frameworks (the Vercel AI SDK, LangChain, the OpenAI Agents SDK) live in the packages that need them',
      severity: 'error',
      from: { path: CORE, pathNot: NOT_SHIPPED },
      to: {
        path: '(^|node_modules/)(pg|pg-[^/]+|react|react-dom|hono|@hono/[^/]+|@octokit/[^/]+|langchain|@langchain/[^/]+|@openai/agents[^/]*|ai|@ai-sdk/[^/]+)(/|$)',
      },
    },
    {
      name: 'core-no-unresolved',
      comment: 'every import of core resolves (an unknown package would hide from the rules above)',
      severity: 'error',
      from: { path: CORE, pathNot: NOT_SHIPPED },
      to: { couldNotResolve: true },
    },
    {
      name: 'core-through-entry-points',
      comment: 'other packages, apps and examples reach core only through its declared entry points',
      severity: 'error',
      from: { path: '^(packages/(?!core/)[^/]+|apps/[^/]+|examples/[^/]+)/' },
      to: { path: '^packages/core/(src|dist)/', pathNot: ENTRY_FILES },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(packages|apps|examples)/[^/]+/dist/' },
    enhancedResolveOptions: {
      // The source condition: workspace packages resolve to their TypeScript sources, as in tsconfig.json.
      conditionNames: ['@affordance/source', 'import', 'types', 'default'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.d.ts'],
    },
  },
};
