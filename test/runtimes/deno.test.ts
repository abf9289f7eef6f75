import { describeRuntime } from './harness/describe-runtime.js';

describeRuntime('deno');
