import { Agent, RunState, run, setTracingDisabled } from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { notesRegistry } from '../../../test/support/notes-registry.js';
import type { AffordanceRunContext } from './agents-context.js';
import { agentsTools } from './agents-tools.js';
import { decideApproval } from './decide-approval.js';
import { callsTool, ScriptedModel, says } from './scripted-model.fixture.js';

beforeAll(() => setTracingDisabled(true));

const ana = { id: 'ana', roles: ['editor'] };

function deleteAgent() {
  const { registry, deleted } = notesRegistry();
  const model = new ScriptedModel([callsTool('notes_delete', { id: 'n1' }, 'c-del'), says('Handled.')]);
  const agent = new Agent<AffordanceRunContext>({ name: 'notes', model, tools: agentsTools(registry) });
  return { registry, deleted, agent, model };
}

describe('needsApproval mapped to Affordance approvals', () => {
  it('interrupts the run; state.approve and a resumed run execute the call once through the approval store', async () => {
    const { registry, deleted, agent, model } = deleteAgent();
    const first = await run(agent, 'Delete n1', { context: { user: ana, sessionId: 's-a' } });
    expect(first.interruptions).toHaveLength(1);
    expect(first.interruptions[0]?.name).toBe('notes_delete');
    expect(deleted).toEqual([]);
    const [pending] = await registry.approvals.list({ status: 'pending' });
    expect(pending).toMatchObject({ name: 'notes.delete', idempotencyKey: 'c-del', sessionId: 's-a' });

    await decideApproval(registry, first.state, first.interruptions[0]!, {
      approved: true,
      by: 'lead',
      reason: 'fine',
    });
    const resumed = await run(agent, first.state);
    expect(deleted).toEqual(['n1']);
    expect(resumed.finalOutput).toBe('Handled.');
    expect(model.requests).toHaveLength(2);
    expect(JSON.stringify(model.requests[1]?.input)).toContain('{\\"deleted\\":\\"n1\\"}');
    expect(await registry.approvals.get(pending!.id)).toMatchObject({ status: 'done', decidedBy: 'lead' });
    expect(await registry.approvals.list()).toHaveLength(1);
    const { records } = await registry.store.audit.query({ sessionId: 's-a' });
    expect(records.map((record) => [record.outcome, record.errorCode, record.approval?.decidedBy])).toEqual([
      ['ok', undefined, 'lead'],
      ['error', 'approval_required', undefined],
    ]);
  });

  it('resumes from a serialized RunState: plain state.approve, the approval found by its call id', async () => {
    const { registry, deleted, agent } = deleteAgent();
    const first = await run(agent, 'Delete n1', { context: { user: ana, sessionId: 's-b' } });
    const state = await RunState.fromString(agent, first.state.toString());
    state.approve(state.getInterruptions()[0]!);
    const resumed = await run(agent, state);
    expect(deleted).toEqual(['n1']);
    expect(resumed.finalOutput).toBe('Handled.');
    const [approval] = await registry.approvals.list();
    // Without decideApproval the requester is recorded as the one who approved.
    expect(approval).toMatchObject({ status: 'done', decidedBy: 'ana' });
  });

  it('a denial is recorded in the store and audited, and the model reads its text', async () => {
    const { registry, deleted, agent, model } = deleteAgent();
    const first = await run(agent, 'Delete n1', { context: { user: ana, sessionId: 's-c' } });
    await decideApproval(registry, first.state, first.interruptions[0]!, {
      approved: false,
      by: 'lead',
      reason: 'keep it',
    });
    const resumed = await run(agent, first.state);
    expect(deleted).toEqual([]);
    expect(resumed.finalOutput).toBe('Handled.');
    expect(JSON.stringify(model.requests[1]?.input)).toContain(
      'Error (approval_denied): lead denied notes.delete: keep it',
    );
    const [approval] = await registry.approvals.list();
    expect(approval).toMatchObject({ status: 'denied', decidedBy: 'lead' });
    const { records } = await registry.store.audit.query({ sessionId: 's-c', errorCode: 'approval_denied' });
    expect(records).toHaveLength(1);
  });

  it('checks roles before asking: a viewer is refused without an interruption or an approval', async () => {
    const { registry, agent } = deleteAgent();
    const result = await run(agent, 'Delete n1', { context: { user: { id: 'bob', roles: ['viewer'] } } });
    expect(result.interruptions).toEqual([]);
    expect(await registry.approvals.list()).toEqual([]);
  });
});
