import { runAgent } from '@affordance/core';
import {
  type AgentEvent,
  type AgentResult,
  cancelAgentRun,
  createConversationRecorder,
  type LanguageModel,
  type ModelReply,
  resumeAgent,
} from '@affordance/core/agent';
import type { DetectedActionResult } from '@affordance/core/detect';
import { flagOptions, flagTracer } from '../agent-flags.js';
import { isAgentConfig, openAgentRun } from '../agent-run.js';
import { type CliIO, EXIT, paint, parseCommand, UsageError } from '../cli-io.js';
import type { Command } from '../command.js';
import { loadConfig } from '../load-config.js';
import { withApp } from '../with-app.js';
import { askDecisions } from './ask-decisions.js';

/** What `affordance agent` prints when no model is configured (exit 3). */
export const AGENT_NO_MODEL =
  'No model configured: set AFFORDANCE_MODEL=openai:<model> with OPENAI_API_KEY (or OPENAI_BASE_URL for a local server), or pass --model.';

/** `affordance agent "<task>"`: run the agent loop on the registry with live step output; exit 0 when done. */
export const agentCommand: Command = {
  name: 'agent',
  summary: 'run the agent loop on a task, showing each step',
  usage: `affordance agent "<task>" [--model provider:model] [--max-steps n] [--output-schema file] [--trace]
       [--session id] [--target type:id] [--config agent.json] [--json]

  --model      openai:<model>, openai-responses:<model> (OpenAI's Responses API), anthropic:<model> or gemini:<model>
               (default $AFFORDANCE_MODEL, then the config's model);
               OPENAI_BASE_URL points at any OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio)
  --max-steps  most model turns (default 20, or the config's run.maxSteps)
  --output-schema
               a JSON Schema file (an object schema): the run ends with a validated final answer, printed as JSON
               (through the provider's JSON-schema response format where it has one, else a final_answer tool)
  --trace      OpenTelemetry spans of the run (invoke_agent, step, chat, execute_tool), one JSON line each on stderr
  --session    record the run in this session (default a new one); sessions are in the data folder
  --target     offer what is available on this target (shape:shape-1)
  --config     a file with agent.json keys (actions, steps, run) also configures the run: the action detector and
               executor on every model reply, steps["complete.issue"].completionConditions checked when done, and
               run: { maxSteps, stopWhen: [{ stepCount } | { toolCall }], output, outputMode, outputRetries,
               telemetry } (the flags above win over the file)
  --legacy-action-completion
               keep the deprecated rule that a detected issue-action closing the issue ends the run
  --json       newline-delimited JSON: one agent event per line
  A call that needs approval pauses the run: on a terminal you are asked y/n (with its arguments) and the run
  goes on; without a terminal the command stops, says which approval it was, and denies it.
  exits 0 when the agent is done, 1 when it failed, ran out of steps or paused without a terminal, 2 on a
  wrong command line, 3 when no model is configured`,
  async run(args, io) {
    const { values, positionals } = parseCommand(args, {
      model: { type: 'string' },
      'max-steps': { type: 'string' },
      session: { type: 'string' },
      target: { type: 'string' },
      'legacy-action-completion': { type: 'boolean' },
      'output-schema': { type: 'string' },
      trace: { type: 'boolean' },
    });
    const task = positionals.join(' ').trim();
    if (!task) throw new UsageError('give the task, e.g. affordance agent "paint shape-1 red"');
    if (values.target !== undefined && !/^[^:\s]+:\S+$/.test(values.target)) {
      throw new UsageError(`--target must be type:id (shape:shape-1), not '${values.target}'`);
    }
    const { config } = await loadConfig(values.config);
    const tracer = await flagTracer(values, io);
    const configured = await flagOptions(
      values,
      values.config && isAgentConfig(config)
        ? await openAgentRun(values.config, {
            legacyActionCompletion: values['legacy-action-completion'] === true,
            warn: (line) => io.err(`${line}\n`),
            onResults: values.json ? jsonResults(io) : liveResults(io),
            ...(tracer ? { tracer: tracer.tracer } : {}),
          })
        : {},
      tracer,
    );
    const spec = values.model ?? (process.env.AFFORDANCE_MODEL || config.model);
    if (!spec) {
      io.err(`${AGENT_NO_MODEL}\n`);
      return EXIT.error;
    }
    const model = await buildModel(spec, values.model !== undefined, io);
    if (!model) return EXIT.error;

    const controller = new AbortController();
    const interrupt = () => controller.abort(new Error('interrupted'));
    process.once('SIGINT', interrupt);
    try {
      return await withApp(
        values,
        async ({ registry, user, database }) => {
          const printer = values.json ? jsonPrinter(io) : livePrinter(io);
          const loop = {
            model,
            registry,
            user,
            stream: true,
            signal: controller.signal,
            recorder: createConversationRecorder({ store: database.conversations, userId: user.id }),
            ...(values.target ? { target: values.target } : {}),
            onEvent: printer,
            ...configured,
          };
          let result: AgentResult;
          try {
            result = await runAgent({
              ...loop,
              input: task,
              ...(values.session ? { sessionId: values.session } : {}),
            });
            // A call that needs approval: ask on the terminal, then continue the run with the answers.
            while (result.status === 'interrupted' && !controller.signal.aborted) {
              const decisions = await askDecisions(io, result.interrupts ?? []);
              if (!decisions) {
                // Nobody will answer: deny the paused calls, so none runs later from the inbox.
                await cancelAgentRun({
                  registry,
                  runId: result.runId,
                  user,
                  reason: 'no terminal to ask on',
                });
                return EXIT.failed;
              }
              result = await resumeAgent({ ...loop, runId: result.runId, decisions, decidedBy: user.id });
            }
          } catch (error) {
            io.err(`The agent run failed: ${(error as Error).message}\n`);
            return EXIT.failed;
          }
          if (result.status === 'done' && result.output !== undefined && !values.json) {
            io.out(`${JSON.stringify(result.output, null, 2)}\n`);
          }
          return result.status === 'done' ? EXIT.ok : EXIT.failed;
        },
        io,
      );
    } finally {
      process.off('SIGINT', interrupt);
      await tracer?.close();
    }
  },
};

/** Build the model a spec names; a malformed `--model` is a usage error, a missing key or SDK exit 3. */
async function buildModel(spec: string, fromFlag: boolean, io: CliIO): Promise<LanguageModel | undefined> {
  const { createModelFromEnv, ModelConfigError } = await import('@affordance/node');
  try {
    return await createModelFromEnv({ ...process.env, AFFORDANCE_MODEL: spec });
  } catch (error) {
    if (!(error instanceof ModelConfigError)) throw error;
    const malformed = error.code === 'invalid_model' || error.code === 'unknown_provider';
    if (malformed && fromFlag) throw new UsageError(error.message.replace('AFFORDANCE_MODEL', '--model'));
    io.err(`${error.message}\n`);
    return undefined;
  }
}

/** One JSON line per model reply that held records: `{ type: 'actions-detected', step, results }`. */
function jsonResults(io: CliIO) {
  return (results: readonly DetectedActionResult[], reply: ModelReply) =>
    io.out(
      `${JSON.stringify({ type: 'actions-detected', runId: reply.runId, step: reply.step, results })}\n`,
    );
}

/** A line per detected record: its type, content and how its handler did. */
function liveResults(io: CliIO) {
  return (results: readonly DetectedActionResult[]) => {
    for (const result of results) {
      const mark = result.success ? paint(io, 'green', '◆') : paint(io, 'red', '◆');
      const how = result.success
        ? (result.handler ?? '')
        : `${result.code ?? 'failed'}: ${result.error ?? ''}`;
      io.out(
        `  ${mark} ${result.action.type} ${firstLine(result.action.content)} ${paint(io, 'dim', how)}\n`,
      );
    }
  };
}

/** One JSON line per agent event. */
function jsonPrinter(io: CliIO): (event: AgentEvent) => void {
  return (event) => io.out(`${JSON.stringify(event)}\n`);
}

/** Live output: the model's text as it streams, each tool call with its status, and how the run ended. */
function livePrinter(io: CliIO): (event: AgentEvent) => void {
  let midLine = false;
  const line = (text: string) => {
    io.out(`${midLine ? '\n' : ''}${text}\n`);
    midLine = false;
  };
  return (event) => {
    switch (event.type) {
      case 'run-start':
        io.out(paint(io, 'dim', `session ${event.sessionId} · ${event.protocol} protocol\n`));
        return;
      case 'step-start':
        line(paint(io, 'bold', `step ${event.step}`));
        return;
      case 'text-delta':
        io.out(event.delta);
        midLine = !event.delta.endsWith('\n');
        return;
      case 'call-start': {
        const args = 'args' in event.call ? JSON.stringify(event.call.args) : event.call.argsText;
        line(`${paint(io, 'cyan', '→')} ${event.call.name} ${paint(io, 'dim', args)}`);
        return;
      }
      case 'call-finish': {
        const { call } = event;
        const ms = call.result ? paint(io, 'dim', ` (${Math.round(call.result.durationMs)} ms)`) : '';
        if (call.status === 'ok') line(`  ${paint(io, 'green', '✓')} ${call.name}${ms}`);
        else {
          const code = call.result && !call.result.ok ? `${call.result.error.code}: ` : '';
          line(
            `  ${paint(io, 'red', call.status === 'aborted' ? '■' : '✗')} ${call.name}${ms} ${code}${firstLine(call.output)}`,
          );
        }
        return;
      }
      case 'call-progress': {
        const { progress } = event;
        const at =
          progress.total !== undefined ? `${progress.progress}/${progress.total}` : String(progress.progress);
        line(
          paint(
            io,
            'dim',
            `  … ${event.name} ${at}${progress.message ? ` ${firstLine(progress.message)}` : ''}`,
          ),
        );
        return;
      }
      case 'attempt-finish':
        for (const condition of event.attempt.conditions) {
          line(
            `  ${condition.ok ? paint(io, 'green', '✓') : paint(io, 'red', '✗')} ${condition.name}: ${firstLine(condition.message)}`,
          );
        }
        return;
      case 'client-call':
      case 'step-finish':
        return;
      case 'lease-error':
        line(
          paint(
            io,
            'dim',
            `  … the lease on ${event.pausedRunId} was not renewed: ${firstLine(event.error)}`,
          ),
        );
        return;
      case 'run-finish':
        line(summary(io, event.result));
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  };
}

function summary(io: CliIO, result: AgentResult): string {
  const steps = `${result.steps} step${result.steps === 1 ? '' : 's'}`;
  switch (result.status) {
    case 'done':
      return paint(io, 'green', `Done in ${steps}.`);
    case 'max_steps':
      return paint(io, 'red', `Stopped: the agent used all ${steps} without finishing (raise --max-steps).`);
    case 'completion_failed':
      return paint(
        io,
        'red',
        `Finished, but completion conditions failed: ${result.failedConditions.join(', ')}.`,
      );
    case 'aborted':
      return paint(io, 'yellow', `Interrupted after ${steps}.`);
    case 'awaiting_client':
      return paint(io, 'yellow', `Waiting for client tool calls after ${steps}.`);
    case 'interrupted':
      return paint(io, 'yellow', `Paused after ${steps}: waiting for approval.`);
    case 'stopped':
      return paint(io, 'yellow', `Stopped after ${steps} by ${result.stoppedBy ?? 'a stop rule'}.`);
    case 'output_failed':
      return paint(io, 'red', `Finished without a valid final answer: ${result.outputError ?? ''}`);
    default: {
      const never: never = result.status;
      return never;
    }
  }
}

function firstLine(text: string): string {
  const first = text.split('\n')[0] ?? '';
  return first.length > 160 ? `${first.slice(0, 159)}…` : first;
}
