import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { notesRegistry } from '../../../test/support/notes-registry.js';
import { langchainTools } from './langchain-tools.js';

const bob = { id: 'bob', roles: ['viewer'] };

function toolMessages(messages: readonly BaseMessage[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
}

describe('langchainTools in createAgent', () => {
  it('offers the available actions with their JSON schema and description, under provider-legal names', () => {
    const { registry } = notesRegistry();
    const tools = langchainTools(registry);
    expect(tools.map((tool) => tool.name)).toEqual(['notes_read', 'notes_delete']);
    expect(langchainTools(registry, { context: { ready: true } }).map((tool) => tool.name)).toEqual([
      'notes_read',
      'notes_delete',
      'notes_publish',
    ]);
    expect(tools[0]?.description).toBe('Read one note by id');
    // What a chat model's bindTools sends: the action's own JSON schema.
    expect(convertToOpenAITool(tools[0]!)).toEqual({
      type: 'function',
      function: {
        name: 'notes_read',
        description: 'Read one note by id',
        parameters: {
          type: 'object',
          properties: { id: { type: 'string', minLength: 2 } },
          required: ['id'],
          additionalProperties: false,
        },
      },
    });
  });

  it('runs a call through the pipeline with the user and session from configurable, and audits it', async () => {
    const { registry } = notesRegistry();
    const model = fakeModel()
      .respondWithTools([{ name: 'notes_read', args: { id: 'n1' }, id: 'call-1' }])
      .respond(new AIMessage('Your note says: Buy milk'));
    const agent = createAgent({ model, tools: langchainTools(registry) });
    const { messages } = await agent.invoke(
      { messages: [{ role: 'user', content: 'What does n1 say?' }] },
      { configurable: { user: bob, sessionId: 's-read' } },
    );
    const [answer] = toolMessages(messages);
    expect(answer).toMatchObject({ content: 'Buy milk', status: 'success', tool_call_id: 'call-1' });
    expect(messages.at(-1)?.content).toBe('Your note says: Buy milk');
    const { records } = await registry.store.audit.query({ sessionId: 's-read' });
    expect(records.map((record) => [record.name, record.userId, record.outcome, record.toolCallId])).toEqual([
      ['notes.read', 'bob', 'ok', 'call-1'],
    ]);
  });

  it('answers a refused call (role, `when`, invalid arguments) as an error tool message the model reads', async () => {
    const { registry, deleted } = notesRegistry();
    const model = fakeModel()
      .respondWithTools([
        { name: 'notes_delete', args: { id: 'n1' }, id: 'call-del' },
        { name: 'notes_publish', args: {}, id: 'call-pub' },
        { name: 'notes_read', args: { id: 7 }, id: 'call-bad' },
      ])
      .respond(new AIMessage('I could not do any of that.'));
    // The list was made while the notebook was ready; the pipeline checks `when` again at the call.
    const agent = createAgent({ model, tools: langchainTools(registry, { context: { ready: true } }) });
    const { messages } = await agent.invoke(
      { messages: [{ role: 'user', content: 'Delete n1, publish, read 7' }] },
      { configurable: { user: bob, context: { ready: false }, thread_id: 't-refused' } },
    );
    const answers = toolMessages(messages);
    expect(answers.map((message) => [message.tool_call_id, message.status])).toEqual([
      ['call-del', 'error'],
      ['call-pub', 'error'],
      ['call-bad', 'error'],
    ]);
    expect(answers[0]?.content).toMatch(/^Error \(forbidden\): /);
    expect(answers[1]?.content).toBe(
      'Error (unavailable): notes.publish is unavailable: the notebook is not ready: finish the draft first',
    );
    expect(answers[2]?.content).toMatch(/^Error \(invalid_args\): .*id/);
    expect(deleted).toEqual([]);
    // The model saw the fix-it texts on its next turn.
    expect(model.calls[1]?.messages.filter((message) => ToolMessage.isInstance(message))).toHaveLength(3);
    const { records } = await registry.store.audit.query({ sessionId: 't-refused' });
    expect(records.map((record) => record.errorCode).sort()).toEqual([
      'forbidden',
      'invalid_args',
      'unavailable',
    ]);
  });

  it("keeps the action's rate limit across the agent's turns", async () => {
    const { registry } = notesRegistry();
    const model = fakeModel()
      .respondWithTools([{ name: 'notes_read', args: { id: 'n1' }, id: 'r1' }])
      .respondWithTools([{ name: 'notes_read', args: { id: 'n2' }, id: 'r2' }])
      .respondWithTools([{ name: 'notes_read', args: { id: 'n1' }, id: 'r3' }])
      .respond(new AIMessage('done'));
    const agent = createAgent({ model, tools: langchainTools(registry) });
    const { messages } = await agent.invoke(
      { messages: [{ role: 'user', content: 'Read them all' }] },
      { configurable: { user: bob } },
    );
    expect(toolMessages(messages).map((message) => message.status)).toEqual(['success', 'success', 'error']);
    expect(toolMessages(messages)[2]?.content).toMatch(/^Error \(rate_limited\): /);
  });
});
