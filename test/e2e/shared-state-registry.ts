// The registry the shared-state end-to-end test serves (`serve --registry`): the canvas demo, plus two actions that
// read and change the state an /agui run shares with the console.
import { createCanvasRegistry } from '@affordance/canvas';
import { defineAction } from '@affordance/core';
import { sharedState } from '../../packages/server/src/agui/shared-state.js';

const stepsOf = (state: Record<string, unknown>): string[] => {
  const plan = state.plan as { steps?: unknown } | undefined;
  return Array.isArray(plan?.steps) ? plan.steps.map(String) : [];
};

const addStep = defineAction({
  name: 'plan_addStep',
  description: 'Add a step to the plan shared with the user',
  input: { type: 'object', properties: { step: { type: 'string' } }, required: ['step'] } as const,
  handler: (input, ctx) => {
    const state = sharedState(ctx);
    if (!state) throw new Error('this action needs an /agui run');
    const current = state.get();
    state.set({ ...current, plan: { steps: [...stepsOf(current), input.step] } });
    return { steps: stepsOf(state.get()), appContext: ctx.context.appContext };
  },
});

const readPlan = defineAction({
  name: 'plan_read',
  description: 'Read the plan shared with the user',
  handler: (_input, ctx) => sharedState(ctx)?.get() ?? null,
});

export const registry = createCanvasRegistry({ actions: [addStep, readPlan] }).registry;
