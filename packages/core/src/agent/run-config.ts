import { AgentConfigError, type AgentConfigIssue } from '../detect/agent-config.js';
import { isKernelError } from '../errors/affordance-error.js';
import type { JsonSchema } from '../schema/types.js';
import { prepareOutput } from './final-output.js';
import type { OutputMode } from './native-output.js';
import { hasToolCall, type StopCondition, stepCountIs } from './stop-when.js';

/** A declarative stop rule of `agent.json`'s `run.stopWhen`: a step count, or a tool the model called. */
export type StopRuleConfig = { readonly stepCount: number } | { readonly toolCall: string };

/**
 * The `run` block of `agent.json`: the loop settings `affordance agent` and `/agui` use. Every key is optional;
 * unknown keys are errors.
 */
export interface AgentRunConfig {
  /** Most model turns (default 20). */
  readonly maxSteps?: number;
  /** Stop rules, the first that holds ends the run `stopped`: `{ "stepCount": 5 }`, `{ "toolCall": "order_submit" }`. */
  readonly stopWhen?: readonly StopRuleConfig[];
  /** The JSON Schema (an object schema) of the final answer: `result.output`. */
  readonly output?: JsonSchema;
  /** `auto` (default), `native` (the provider's response format) or `tool` (a `final_answer` tool). */
  readonly outputMode?: OutputMode;
  /** Invalid final answers sent back to be fixed (default 2). */
  readonly outputRetries?: number;
  /** OpenTelemetry spans of each run (`traceAgent()`): `true`, or `{ "agentName": "planner" }`. */
  readonly telemetry?: boolean | { readonly agentName?: string };
}

/** The `runAgent` options a `run` block turns on (telemetry is the caller's to build: it needs OpenTelemetry). */
export interface RunConfigOptions {
  readonly maxSteps?: number;
  readonly stopWhen?: readonly StopCondition[];
  readonly output?: JsonSchema;
  readonly outputMode?: OutputMode;
  readonly outputRetries?: number;
}

const KEYS = ['maxSteps', 'stopWhen', 'output', 'outputMode', 'outputRetries', 'telemetry'];

/**
 * Check `agent.json`'s `run` block (`where` names it in messages); throws `AgentConfigError` listing every problem:
 * an unknown key, a bad number, an unknown stop rule, an `output` that is not a usable object schema.
 */
export function readRunConfig(value: unknown, where = 'run'): AgentRunConfig {
  if (value === undefined) return {};
  const issues: AgentConfigIssue[] = [];
  const fail = (key: string, message: string, path = key) =>
    issues.push({
      pointer: `/${where}${key ? `/${key}` : ''}`,
      path: path ? `${where}.${path}` : where,
      message,
    });
  if (!isObject(value))
    throw new AgentConfigError([
      { pointer: `/${where}`, path: where, message: `${where} must be an object` },
    ]);
  for (const key of Object.keys(value)) {
    if (!KEYS.includes(key)) fail(key, `${where}.${key} is not a run setting (use ${KEYS.join(', ')})`);
  }
  const { maxSteps, stopWhen, output, outputMode, outputRetries, telemetry } = value;
  if (maxSteps !== undefined && !isInteger(maxSteps, 1))
    fail('maxSteps', `${where}.maxSteps must be an integer ≥ 1`);
  if (outputRetries !== undefined && !isInteger(outputRetries, 0))
    fail('outputRetries', `${where}.outputRetries must be an integer ≥ 0`);
  if (outputMode !== undefined && outputMode !== 'auto' && outputMode !== 'native' && outputMode !== 'tool')
    fail('outputMode', `${where}.outputMode must be "auto", "native" or "tool"`);
  if (stopWhen !== undefined) {
    if (!Array.isArray(stopWhen)) fail('stopWhen', `${where}.stopWhen must be an array of stop rules`);
    else
      stopWhen.forEach((rule, index) => {
        const problem = stopRuleProblem(rule);
        if (problem)
          fail(`stopWhen/${index}`, `${where}.stopWhen[${index}] ${problem}`, `stopWhen[${index}]`);
      });
  }
  if (output !== undefined) {
    const problem = outputProblem(output);
    if (problem) fail('output', `${where}.output ${problem}`);
  }
  if (
    telemetry !== undefined &&
    typeof telemetry !== 'boolean' &&
    !(
      isObject(telemetry) &&
      Object.keys(telemetry).every((key) => key === 'agentName') &&
      (telemetry.agentName === undefined ||
        (typeof telemetry.agentName === 'string' && telemetry.agentName !== ''))
    )
  )
    fail('telemetry', `${where}.telemetry must be true, false or { "agentName": "<name>" }`);
  if (issues.length > 0) throw new AgentConfigError(issues);
  return value as AgentRunConfig;
}

/** The `runAgent` options of a checked `run` block. */
export function runConfigOptions(config: AgentRunConfig): RunConfigOptions {
  return {
    ...(config.maxSteps !== undefined ? { maxSteps: config.maxSteps } : {}),
    ...(config.stopWhen ? { stopWhen: config.stopWhen.map(stopRuleOf) } : {}),
    ...(config.output ? { output: config.output } : {}),
    ...(config.outputMode ? { outputMode: config.outputMode } : {}),
    ...(config.outputRetries !== undefined ? { outputRetries: config.outputRetries } : {}),
  };
}

function stopRuleOf(rule: StopRuleConfig): StopCondition {
  return 'stepCount' in rule ? stepCountIs(rule.stepCount) : hasToolCall(rule.toolCall);
}

function stopRuleProblem(rule: unknown): string | undefined {
  const shape = 'must be { "stepCount": <n ≥ 1> } or { "toolCall": "<tool name>" }';
  if (!isObject(rule) || Object.keys(rule).length !== 1) return shape;
  if ('stepCount' in rule) return isInteger(rule.stepCount, 1) ? undefined : shape;
  if ('toolCall' in rule)
    return typeof rule.toolCall === 'string' && rule.toolCall !== '' ? undefined : shape;
  return shape;
}

/** Why a schema cannot be a run's `output` (not an object, not compilable, not an object schema), or undefined. */
function outputProblem(schema: unknown): string | undefined {
  if (!isObject(schema)) return 'must be a JSON Schema object';
  try {
    prepareOutput(schema, 'native', 2, 'tool');
    return undefined;
  } catch (error) {
    if (isKernelError(error)) return `is not a usable schema: ${error.message}`;
    throw error;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInteger(value: unknown, min: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min;
}
