import { describeRuntime } from './harness/describe-runtime.js';

describeRuntime('node24');
