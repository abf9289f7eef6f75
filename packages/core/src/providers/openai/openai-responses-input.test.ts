import { describe, expect, it } from 'vitest';
import { argumentsText } from './openai-messages.js';
import { responsesFinishReason, responsesUsage, toResponsesInput } from './openai-responses-input.js';

describe('toResponsesInput', () => {
  it('keeps the order; an assistant turn without text is its calls only', () => {
    expect(
      toResponsesInput(
        [
          { role: 'user', content: 'Weather in SF and Rome?' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [
              { id: 'c1', name: 'weather', args: { location: 'SF' } },
              { id: 'c2', name: 'weather', args: undefined },
            ],
          },
          {
            role: 'tool',
            content: '',
            toolResults: [
              { toolCallId: 'c1', name: 'weather', ok: true, output: 'sunny' },
              { toolCallId: 'c2', name: 'weather', ok: false, output: 'location is required' },
            ],
          },
          { role: 'assistant', content: 'Sunny in SF.' },
        ],
        'gpt-test',
      ),
    ).toEqual([
      { role: 'user', content: 'Weather in SF and Rome?' },
      { type: 'function_call', call_id: 'c1', name: 'weather', arguments: '{"location":"SF"}' },
      { type: 'function_call', call_id: 'c2', name: 'weather', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: 'sunny' },
      { type: 'function_call_output', call_id: 'c2', output: 'location is required' },
      { role: 'assistant', content: 'Sunny in SF.' },
    ]);
  });
});

describe('argumentsText (Chat Completions and Responses)', () => {
  it('sends text arguments as they are, others as JSON, none as {}', () => {
    expect(argumentsText('{"location":')).toBe('{"location":');
    expect(argumentsText({ location: 'SF' })).toBe('{"location":"SF"}');
    expect(argumentsText(undefined)).toBe('{}');
  });
});

describe('responsesFinishReason', () => {
  it.each([
    ['completed', null, false, 'stop'],
    ['completed', null, true, 'tool-calls'],
    ['incomplete', 'max_output_tokens', false, 'length'],
    ['incomplete', 'content_filter', false, 'content-filter'],
    ['incomplete', 'max_output_tokens', true, 'length'],
    ['incomplete', null, true, 'tool-calls'],
    ['in_progress', null, false, 'other'],
  ] as const)('%s / %s / calls %s → %s', (status, reason, calls, expected) => {
    expect(responsesFinishReason(status, reason, calls)).toBe(expected);
  });

  it('usage: input and output tokens, or nothing', () => {
    expect(responsesUsage({ input_tokens: 45, output_tokens: 24 })).toEqual({
      inputTokens: 45,
      outputTokens: 24,
    });
    expect(responsesUsage(null)).toBeUndefined();
  });
});
