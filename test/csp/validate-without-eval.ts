/**
 * Run by node-no-code-generation.test.ts in a child `node --disallow-code-generation-from-strings`: prints the
 * validator core chose and what the calls returned, as one JSON line.
 */
import { runtimeJsonValidator } from '@affordance/core';
import { runCalls } from './validation-calls.js';

const outcomes = await runCalls();
process.stdout.write(`${JSON.stringify({ validator: runtimeJsonValidator().name, outcomes })}\n`);
