import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import { validateAgentConfig } from '../detect/validate-agent-config.js';
import { createRegistry } from '../registry/create-registry.js';
import type { AgentTelemetry } from '../tracing/agent-telemetry.js';
import { configuredRun } from './configured-run.js';
import { runAgent } from './run-agent.js';
import { readRunConfig } from './run-config.js';
import { createScriptedModel } from './testing/create-scripted-model.js';

const registry = createRegistry({
  actions: [
    defineAction({
      name: 'note_add',
      description: 'Add a note',
      input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } as const,
      handler: () => 'added',
    }),
  ],
});
const add = { toolCalls: [{ name: 'note_add', args: { text: 'a' } }] };

function agentJson(run: unknown) {
  const checked = validateAgentConfig({ steps: {}, run });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  expect(checked.warnings).toEqual([]);
  return checked.config;
}

describe('agent.json run block', () => {
  it('turns on maxSteps and declarative stop rules', async () => {
    const byTool = configuredRun(agentJson({ stopWhen: [{ toolCall: 'note_add' }] }));
    const stopped = await runAgent({
      model: createScriptedModel([add, add]),
      registry,
      input: 'x',
      ...byTool,
    });
    expect(stopped).toMatchObject({ status: 'stopped', stoppedBy: 'hasToolCall("note_add")', steps: 1 });
    const byCount = configuredRun(agentJson({ maxSteps: 2 }));
    const capped = await runAgent({
      model: createScriptedModel([add, add, add]),
      registry,
      input: 'x',
      ...byCount,
    });
    expect(capped).toMatchObject({ status: 'max_steps', steps: 2 });
  });

  it('turns on a typed final answer with its retries', async () => {
    const run = configuredRun(
      agentJson({
        output: { type: 'object', properties: { notes: { type: 'integer' } }, required: ['notes'] },
        outputRetries: 0,
      }),
    );
    const model = createScriptedModel([add, { toolCalls: [{ name: 'final_answer', args: { notes: 1 } }] }]);
    const result = await runAgent({ model, registry, input: 'x', ...run });
    expect(result).toMatchObject({ status: 'done', output: { notes: 1 } });
    const bad = createScriptedModel([{ toolCalls: [{ name: 'final_answer', args: { notes: 'one' } }] }]);
    expect(await runAgent({ model: bad, registry, input: 'x', ...run })).toMatchObject({
      status: 'output_failed',
    });
  });

  it('builds telemetry only through the runner’s factory', () => {
    const made: unknown[] = [];
    const telemetry = { startRun: () => undefined } as unknown as AgentTelemetry;
    const run = configuredRun(agentJson({ telemetry: { agentName: 'planner' } }), {
      telemetry: (settings) => {
        made.push(settings);
        return telemetry;
      },
    });
    expect(run.telemetry).toBe(telemetry);
    expect(made).toEqual([{ agentName: 'planner' }]);
    expect(configuredRun(agentJson({ telemetry: false }), { telemetry: () => telemetry })).not.toHaveProperty(
      'telemetry',
    );
    expect(() => configuredRun(agentJson({ telemetry: true }))).toThrow(/cannot trace/);
  });

  it('names every problem: unknown keys, bad numbers, unknown stop rules, an output that is not an object schema', () => {
    let error: unknown;
    try {
      readRunConfig({
        maxStep: 3,
        maxSteps: 0,
        stopWhen: [{ steps: 2 }],
        output: { type: 'string' },
        outputMode: 'json',
        telemetry: 'yes',
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as { code: string }).code).toBe('invalid_config');
    const paths = (error as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    expect(paths).toEqual([
      'run.maxStep',
      'run.maxSteps',
      'run.outputMode',
      'run.stopWhen[0]',
      'run.output',
      'run.telemetry',
    ]);
    expect(String(error)).toMatch(/run\.maxStep is not a run setting/);
    expect(String(error)).toMatch(/run\.output is not a usable schema: .*object/);
    expect(() => readRunConfig({ output: { type: 'object', required: 'a' } })).toThrow(/does not compile/);
    expect(() => readRunConfig([])).toThrow(/run must be an object/);
  });
});
