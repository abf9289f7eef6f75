import { AIMessage, ToolMessage } from '@langchain/core/messages';
import {
  Command,
  END,
  isInterrupted,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
} from '@langchain/langgraph';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { describe, expect, it } from 'vitest';
import { notesRegistry } from '../../../test/support/notes-registry.js';
import { langchainTools } from './langchain-tools.js';

/** A graph of one LangGraph `ToolNode` that runs the tool calls of the last AI message. */
function toolGraph(tools: ReturnType<typeof langchainTools>) {
  return new StateGraph(MessagesAnnotation)
    .addNode('tools', new ToolNode(tools))
    .addEdge(START, 'tools')
    .addEdge('tools', END)
    .compile({ checkpointer: new MemorySaver() });
}

const asks = (name: string, args: Record<string, unknown>, id: string) => ({
  messages: [new AIMessage({ content: '', tool_calls: [{ name, args, id, type: 'tool_call' as const }] })],
});

describe('langchainTools in a LangGraph ToolNode', () => {
  it('runs parallel calls with the caller of the config, each answered by its own tool message', async () => {
    const { registry } = notesRegistry();
    const graph = toolGraph(langchainTools(registry));
    const input = {
      messages: [
        new AIMessage({
          content: '',
          tool_calls: [
            { name: 'notes_read', args: { id: 'n2' }, id: 'a', type: 'tool_call' },
            { name: 'notes_delete', args: { id: 'n2' }, id: 'b', type: 'tool_call' },
          ],
        }),
      ],
    };
    const { messages } = await graph.invoke(input, {
      configurable: { thread_id: 'node-1', user: { id: 'bob', roles: ['viewer'] } },
    });
    const answers = messages.filter((message) => ToolMessage.isInstance(message));
    expect(answers.map((message) => [message.tool_call_id, message.status])).toEqual([
      ['a', 'success'],
      ['b', 'error'],
    ]);
    expect(answers[1]?.content).toMatch(/^Error \(forbidden\)/);
  });

  it('interrupts for approval and resumes with the decision', async () => {
    const { registry, deleted } = notesRegistry();
    const graph = toolGraph(langchainTools(registry));
    const config = { configurable: { thread_id: 'node-2', user: { id: 'ana', roles: ['editor'] } } };
    const paused = await graph.invoke(asks('notes_delete', { id: 'n2' }, 'd1'), config);
    expect(isInterrupted(paused)).toBe(true);
    expect(deleted).toEqual([]);
    const { messages } = await graph.invoke(new Command({ resume: { approved: true, by: 'lead' } }), config);
    expect(deleted).toEqual(['n2']);
    expect(messages.at(-1)).toMatchObject({
      tool_call_id: 'd1',
      status: 'success',
      content: '{"deleted":"n2"}',
    });
  });
});

describe('a ToolNode that runs again on resume', () => {
  it('runs a sibling call that finished before the interrupt only once (the tool call id is its idempotency key)', async () => {
    const { registry, deleted, reads } = notesRegistry();
    const graph = toolGraph(langchainTools(registry));
    const config = { configurable: { thread_id: 'node-3', user: { id: 'ana', roles: ['editor'] } } };
    const input = {
      messages: [
        new AIMessage({
          content: '',
          tool_calls: [
            { name: 'notes_read', args: { id: 'n1' }, id: 'r1', type: 'tool_call' },
            { name: 'notes_delete', args: { id: 'n2' }, id: 'd1', type: 'tool_call' },
          ],
        }),
      ],
    };
    await graph.invoke(input, config);
    expect(reads).toEqual(['n1']);
    const { messages } = await graph.invoke(new Command({ resume: { approved: true, by: 'lead' } }), config);
    expect(deleted).toEqual(['n2']);
    expect(reads).toEqual(['n1']);
    expect(messages.filter((message) => ToolMessage.isInstance(message))).toMatchObject([
      { tool_call_id: 'r1', status: 'success', content: 'Buy milk' },
      { tool_call_id: 'd1', status: 'success', content: '{"deleted":"n2"}' },
    ]);
  });
});
