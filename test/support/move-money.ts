import { defineAction } from '@affordance/core';

/**
 * `move_money`: for `mover`s, always waits for a person's approval, answers `moved <amount>`; `runs.count` counts
 * how often it really ran. The MCP approval tests share it.
 */
export function moveMoney(runs: { count: number } = { count: 0 }) {
  return defineAction({
    name: 'move_money',
    description: 'Move money between accounts',
    roles: ['mover'],
    approval: 'always',
    input: {
      type: 'object',
      properties: { amount: { type: 'number' }, apiKey: { type: 'string' } },
      required: ['amount'],
    },
    handler: (input: { amount: number }) => {
      runs.count++;
      return `moved ${input.amount}`;
    },
  });
}
