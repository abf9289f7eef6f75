import type { AgentInterrupt } from '@affordance/core/agent';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../cli-io.js';
import { askDecisions } from './ask-decisions.js';

// An in-process terminal that answers `answers` in turn and keeps what was asked and printed.
function terminal(answers: string[] | undefined) {
  const err: string[] = [];
  const asked: string[] = [];
  const io: CliIO = {
    out: () => {},
    err: (text) => err.push(text),
    color: false,
    readStdin: async () => '',
    ...(answers
      ? {
          ask: async (question: string) => {
            asked.push(question);
            return answers.shift() ?? '';
          },
        }
      : {}),
  };
  return { io, err, asked };
}

const question: AgentInterrupt = {
  id: 'inp_1',
  reason: 'input',
  message: 'Where to ship?',
  toolCallId: 'c1',
  name: 'order_ship',
  args: { order: 'o-7' },
  key: 'input',
  responseSchema: {
    type: 'object',
    properties: {
      street: { type: 'string', minLength: 3 },
      floor: { type: 'integer' },
      express: { type: 'boolean' },
      carrier: { enum: ['ups', 'dhl'] },
    },
    required: ['street', 'carrier'],
  },
};

describe('affordance agent asks what a call asked, field by field', () => {
  it('builds the answer from the schema’s fields, asking again after one that does not fit', async () => {
    const { io, err, asked } = terminal(['x', '', 'n', 'ups', '1 Main St', '3', 'y', 'dhl']);
    const decisions = await askDecisions(io, [question]);
    expect(decisions).toEqual([
      { interruptId: 'inp_1', answer: { street: '1 Main St', floor: 3, express: true, carrier: 'dhl' } },
    ]);
    expect(err.join('')).toContain('order_ship asks: Where to ship?');
    expect(err.join('')).toContain('That answer does not fit');
    expect(asked.slice(0, 4)).toEqual([
      '  street (string): ',
      '  floor (integer, Enter to skip): ',
      '  express (y/n, Enter to skip): ',
      '  carrier (one of ups, dhl): ',
    ]);
  });

  it('gives up after three answers outside the schema, and without a terminal says what was asked', async () => {
    const wrong = terminal(['x', '', '', 'fedex', 'y', '', '', 'ups', 'z', '', '', 'dhl']);
    expect(await askDecisions(wrong.io, [question])).toBeUndefined();
    expect(wrong.err.join('')).toContain('No valid answer to order_ship');
    const none = terminal(undefined);
    expect(await askDecisions(none.io, [question])).toBeUndefined();
    expect(none.err.join('')).toContain(
      'order_ship asks "Where to ship?", and there is no terminal to ask on',
    );
  });

  it('reads a JSON answer when the schema is not a flat object', async () => {
    const { io, asked } = terminal(['[1, 2]']);
    const decisions = await askDecisions(io, [
      { ...question, responseSchema: { type: 'array', items: { type: 'number' } } },
    ]);
    expect(decisions).toEqual([{ interruptId: 'inp_1', answer: [1, 2] }]);
    expect(asked).toEqual(['Answer (JSON): ']);
  });
});
