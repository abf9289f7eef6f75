import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { notesRegistry } from '../../../test/support/notes-registry.js';
import type { ApprovalRequest } from './approval-interrupt.js';
import { langchainTools } from './langchain-tools.js';

const ana = { id: 'ana', roles: ['editor'] };

function toolMessages(messages: readonly BaseMessage[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
}

function deleteAgent() {
  const { registry, deleted } = notesRegistry();
  const model = fakeModel()
    .respondWithTools([{ name: 'notes_delete', args: { id: 'n1' }, id: 'call-del' }])
    .respond(new AIMessage('Handled.'));
  const agent = createAgent({ model, tools: langchainTools(registry), checkpointer: new MemorySaver() });
  return { registry, deleted, agent, model };
}

describe('approvals as LangGraph interrupts', () => {
  it('pauses on interrupt(), and a resume that approves runs the call once through the pipeline', async () => {
    const { registry, deleted, agent, model } = deleteAgent();
    const config = { configurable: { thread_id: 'thread-a', user: ana } };
    const paused = await agent.invoke({ messages: [{ role: 'user', content: 'Delete n1' }] }, config);
    const [interrupt] = paused.__interrupt__ ?? [];
    const request = interrupt?.value as ApprovalRequest;
    expect(request).toMatchObject({
      type: 'affordance-approval',
      name: 'notes.delete',
      args: { id: 'n1' },
      toolCallId: 'call-del',
      userId: 'ana',
    });
    expect(request.message).toMatch(/needs a person's approval/);
    expect(deleted).toEqual([]);
    const [pending] = await registry.approvals.list({ status: 'pending' });
    expect(pending).toMatchObject({
      id: request.approvalId,
      sessionId: 'thread-a',
      idempotencyKey: 'call-del',
    });

    const resumed = await agent.invoke(
      new Command({ resume: { approved: true, by: 'lead', reason: 'ok' } }),
      config,
    );
    expect(deleted).toEqual(['n1']);
    expect(toolMessages(resumed.messages)).toMatchObject([
      { tool_call_id: 'call-del', status: 'success', content: '{"deleted":"n1"}' },
    ]);
    expect(resumed.messages.at(-1)?.content).toBe('Handled.');
    expect(model.callCount).toBe(2);
    expect(await registry.approvals.get(request.approvalId)).toMatchObject({
      status: 'done',
      decidedBy: 'lead',
    });
    // One approval for one tool call, though the tools node ran twice.
    expect(await registry.approvals.list()).toHaveLength(1);
    const { records } = await registry.store.audit.query({ sessionId: 'thread-a' });
    expect(records.map((record) => [record.outcome, record.errorCode, record.approval?.decidedBy])).toEqual([
      ['ok', undefined, 'lead'],
      ['error', 'approval_required', undefined],
    ]);
  });

  it('a resume that denies records the denial and answers approval_denied without running the handler', async () => {
    const { registry, deleted, agent } = deleteAgent();
    const config = { configurable: { thread_id: 'thread-b', user: ana } };
    const paused = await agent.invoke({ messages: [{ role: 'user', content: 'Delete n1' }] }, config);
    const approvalId = (paused.__interrupt__?.[0]?.value as ApprovalRequest | undefined)?.approvalId ?? '';
    const resumed = await agent.invoke(
      new Command({ resume: { approved: false, by: 'lead', reason: 'keep it' } }),
      config,
    );
    expect(deleted).toEqual([]);
    const [answer] = toolMessages(resumed.messages);
    expect(answer?.status).toBe('error');
    expect(answer?.content).toMatch(/^Error \(approval_denied\): lead denied notes\.delete: keep it/);
    expect(await registry.approvals.get(approvalId)).toMatchObject({ status: 'denied', decidedBy: 'lead' });
  });

  it('still checks roles before asking: a viewer gets forbidden, not an interrupt', async () => {
    const { registry, agent } = deleteAgent();
    const config = { configurable: { thread_id: 'thread-c', user: { id: 'bob', roles: ['viewer'] } } };
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'Delete n1' }] }, config);
    expect(result.__interrupt__).toBeUndefined();
    expect(toolMessages(result.messages)[0]?.content).toMatch(/^Error \(forbidden\)/);
    expect(await registry.approvals.list()).toEqual([]);
  });

  it("with approvals: 'result' the call answers approval_required and waits in the registry's inbox", async () => {
    const { registry, deleted } = notesRegistry();
    const model = fakeModel()
      .respondWithTools([{ name: 'notes_delete', args: { id: 'n2' }, id: 'call-inbox' }])
      .respond(new AIMessage('Waiting for approval.'));
    const agent = createAgent({ model, tools: langchainTools(registry, { approvals: 'result' }) });
    const result = await agent.invoke(
      { messages: [{ role: 'user', content: 'Delete n2' }] },
      { configurable: { user: ana } },
    );
    expect(toolMessages(result.messages)[0]?.content).toMatch(/^Error \(approval_required\)/);
    const [pending] = await registry.approvals.list({ status: 'pending' });
    await registry.approvals.approve(pending!.id, { by: 'lead' });
    expect(deleted).toEqual(['n2']);
  });

  it('refuses a resume value that is not a decision, leaving the approval pending', async () => {
    const { registry, deleted, agent } = deleteAgent();
    const config = { configurable: { thread_id: 'thread-d', user: ana } };
    await agent.invoke({ messages: [{ role: 'user', content: 'Delete n1' }] }, config);
    // The adapter throws; createAgent's tool node turns the exception into an error tool message.
    const resumed = await agent.invoke(new Command({ resume: 'yes' }), config);
    const [answer] = toolMessages(resumed.messages);
    expect(answer?.status).toBe('error');
    expect(answer?.content).toMatch(/resume with Command\(\{ resume: \{ approved: true \| false, by/);
    expect(deleted).toEqual([]);
    expect(await registry.approvals.list({ status: 'pending' })).toHaveLength(1);
  });

  it("runs an approved call as the requester, not as whoever resumes the graph; the requester's roles now count", async () => {
    const { registry, deleted, agent } = deleteAgent();
    await agent.invoke(
      { messages: [{ role: 'user', content: 'Delete n1' }] },
      { configurable: { thread_id: 'thread-e', user: ana } },
    );
    // The lead resumes from their own session of the app: the call still runs as ana.
    const lead = { id: 'lead', roles: ['admin'] };
    await agent.invoke(new Command({ resume: { approved: true, by: 'lead' } }), {
      configurable: { thread_id: 'thread-e', user: lead },
    });
    expect(deleted).toEqual(['n1']);
    const { records } = await registry.store.audit.query({ sessionId: 'thread-e', outcome: 'ok' });
    expect(records.map((record) => record.userId)).toEqual(['ana']);

    // Ana lost the editor role before her second call was approved: it is refused when it runs.
    const second = deleteAgent();
    await second.agent.invoke(
      { messages: [{ role: 'user', content: 'Delete n1' }] },
      { configurable: { thread_id: 'thread-f', user: ana } },
    );
    const resumed = await second.agent.invoke(new Command({ resume: { approved: true, by: 'lead' } }), {
      configurable: { thread_id: 'thread-f', user: { id: 'ana', roles: ['viewer'] } },
    });
    expect(second.deleted).toEqual([]);
    expect(toolMessages(resumed.messages)[0]?.content).toMatch(/^Error \(forbidden\)/);
  });

  it('pauses on two approvals of one step and resumes each with its own decision', async () => {
    const { registry, deleted } = notesRegistry();
    const model = fakeModel()
      .respondWithTools([
        { name: 'notes_delete', args: { id: 'n1' }, id: 'del-1' },
        { name: 'notes_delete', args: { id: 'n2' }, id: 'del-2' },
      ])
      .respond(new AIMessage('Handled.'));
    const agent = createAgent({ model, tools: langchainTools(registry), checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: 'thread-g', user: ana } };
    const paused = await agent.invoke({ messages: [{ role: 'user', content: 'Delete both' }] }, config);
    const interrupts = paused.__interrupt__ ?? [];
    expect(interrupts.map((entry) => (entry.value as ApprovalRequest).args)).toEqual([
      { id: 'n1' },
      { id: 'n2' },
    ]);
    const decisions = Object.fromEntries(
      interrupts.map((entry) => [
        entry.id,
        { approved: (entry.value as ApprovalRequest).toolCallId === 'del-1', by: 'lead' },
      ]),
    );
    const resumed = await agent.invoke(new Command({ resume: decisions }), config);
    expect(deleted).toEqual(['n1']);
    expect(toolMessages(resumed.messages).map((message) => [message.tool_call_id, message.status])).toEqual([
      ['del-1', 'success'],
      ['del-2', 'error'],
    ]);
    expect((await registry.approvals.list()).map((approval) => approval.status).sort()).toEqual([
      'denied',
      'done',
    ]);
  });
});
