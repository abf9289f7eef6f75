/**
 * The script of the strict-CSP page (bundled by esbuild for a browser): it records policy violations and uncaught
 * errors, then runs the same calls and streams as Node does and leaves everything on `window.affordanceResult`.
 */
import { runtimeJsonValidator } from '@affordance/core';
import { streamCalls } from './stream-calls.js';
import { runCalls } from './validation-calls.js';

interface Violation {
  readonly blockedURI: string;
  readonly directive: string;
  readonly line: number;
  readonly column: number;
}

const state = window as unknown as {
  affordanceViolations: Violation[];
  affordanceErrors: string[];
  affordanceResult?: unknown;
};
state.affordanceViolations = [];
state.affordanceErrors = [];
document.addEventListener('securitypolicyviolation', (event) => {
  state.affordanceViolations.push({
    blockedURI: event.blockedURI,
    directive: event.effectiveDirective,
    line: event.lineNumber,
    column: event.columnNumber,
  });
});
window.addEventListener('error', (event) => state.affordanceErrors.push(String(event.message)));
window.addEventListener('unhandledrejection', (event) => state.affordanceErrors.push(String(event.reason)));

// Proof the policy is in force (this attempt is reported as a violation too, from this line).
let evalRefused = false;
try {
  new Function('return 1')();
} catch {
  evalRefused = true;
}

const validator = runtimeJsonValidator().name;
const outcomes = await runCalls();
const streamed = await streamCalls();
state.affordanceResult = { evalRefused, validator, outcomes, ...streamed };
