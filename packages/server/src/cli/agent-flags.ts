import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConfiguredRun } from '@affordance/core/agent';
import { lineTracer } from './agent-trace.js';
import type { CliIO } from './cli-io.js';
import { UsageError } from './cli-io.js';

/** The `affordance agent` flags that set the loop: `--max-steps`, `--output-schema <file>`, `--trace`. */
export interface AgentFlags {
  readonly 'max-steps'?: string;
  readonly 'output-schema'?: string;
  readonly trace?: boolean;
}

/** A tracer printing spans on stderr (`--trace`), or none. */
export async function flagTracer(flags: AgentFlags, io: CliIO) {
  return flags.trace ? lineTracer((line) => io.err(line)) : undefined;
}

/**
 * The loop options of the flags over the agent.json `run` block: a flag wins over the file; `--max-steps`
 * defaults to 20, `--output-schema` is checked like `run.output`, `--trace` turns spans on.
 */
export async function flagOptions(
  flags: AgentFlags,
  configured: ConfiguredRun,
  tracer: Awaited<ReturnType<typeof flagTracer>>,
): Promise<ConfiguredRun> {
  const maxSteps =
    flags['max-steps'] === undefined ? (configured.maxSteps ?? 20) : Number(flags['max-steps']);
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new UsageError(`--max-steps must be a whole number ≥ 1, not '${flags['max-steps']}'`);
  }
  const output =
    flags['output-schema'] === undefined ? undefined : await readOutputSchema(flags['output-schema']);
  let { telemetry } = configured;
  if (tracer && !telemetry) {
    const { traceAgent } = await import('@affordance/core/tracing');
    telemetry = traceAgent({ tracer: tracer.tracer });
  }
  return { ...configured, maxSteps, ...(output ? { output } : {}), ...(telemetry ? { telemetry } : {}) };
}

async function readOutputSchema(path: string) {
  const file = resolve(process.cwd(), path);
  let schema: unknown;
  try {
    schema = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--output-schema: cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  const { readRunConfig } = await import('@affordance/core/agent');
  try {
    return readRunConfig({ output: schema }).output;
  } catch (error) {
    const issues = (error as { issues?: readonly { message: string }[] }).issues;
    const what = issues?.map((issue) => issue.message.replace(/^run\.output/, `--output-schema ${path}`));
    throw new UsageError(what ? what.join('; ') : (error as Error).message);
  }
}
