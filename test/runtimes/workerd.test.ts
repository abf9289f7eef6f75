import { describeRuntime } from './harness/describe-runtime.js';

// workerd refuses code generation from strings: core's `#json-validator` resolves to the CSP-safe validator under
// the bundle's `workerd`/`worker` conditions, so validation, the contract suite and MCP calls run as everywhere else.
describeRuntime('workerd');
