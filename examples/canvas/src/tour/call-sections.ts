import type { RunCall, RunResult } from '@affordance/core';
import { DEMO_USERS } from '../create-canvas-registry.js';
import { describeBlock } from '../model/describe-block.js';
import type { TourContext } from './tour-context.js';

const editor = DEMO_USERS.editor;

/** Run one call through the registry and print what went in and what came back. */
async function showCall(context: TourContext, title: string, call: RunCall): Promise<RunResult> {
  const { registry, print } = context;
  if (title) {
    print.line();
    print.line(print.style('dim', title), 1);
  }
  const who = call.user ? ` as ${call.user.id}` : '';
  print.line(
    `→ ${print.style('name', call.name)} ${print.style('code', JSON.stringify(call.args))}${who}`,
    1,
  );
  const result = await registry.run(call);
  if (result.ok) {
    print.line(`${print.style('ok', '✓ ok')}  ${result.modelOutput.split('\n')[0]}`, 1);
  } else {
    print.line(`${print.style('fail', `✗ ${result.error.code}`)}  ${result.error.message}`, 1);
    if (result.error.hint) print.line(print.style('dim', `hint: ${result.error.hint}`), 2);
  }
  return result;
}

/** The calls of the tour: a valid edit, bad arguments, a locked block, a typo, a viewer, and an approval. */
export async function showCalls(context: TourContext): Promise<void> {
  const { registry, documents, print } = context;
  print.heading('Running calls (registry.run)');

  await showCall(context, 'A valid call, as a model would send it:', {
    name: 'shape_updateColor',
    args: { blockId: 'shape-1', color: '#ff0000' },
    user: editor,
  });
  print.line(`shape-1 is now: ${describeBlock(documents.get('shape-1')!)}`, 2);

  await showCall(context, 'A colour name instead of a hex code; the message tells the model how to fix it:', {
    name: 'shape_updateColor',
    args: { blockId: 'shape-1', color: 'red' },
    user: editor,
  });

  await showCall(context, 'An edit on the locked shape:', {
    name: 'shape_resize',
    args: { blockId: 'shape-2', width: 240, height: 240 },
    user: editor,
  });

  await showCall(context, 'A misspelt action name:', {
    name: 'shape_updateColour',
    args: { blockId: 'shape-1', color: '#00ff00' },
    user: editor,
  });

  await showCall(context, 'A viewer trying to edit, then reading, which viewers may do:', {
    name: 'shape_updateColor',
    args: { blockId: 'shape-1', color: '#00ff00' },
    user: DEMO_USERS.viewer,
  });
  await showCall(context, '', {
    name: 'shape_describe',
    args: { blockId: 'shape-1' },
    user: DEMO_USERS.viewer,
  });

  const pending = await showCall(context, 'A destructive call waits for a person:', {
    name: 'shape_remove',
    args: { blockId: 'shape-3' },
    user: editor,
  });
  const inbox = await registry.approvals.list({ status: 'pending' });
  print.line(
    `approvals inbox: ${inbox.map((item) => `${item.name} ${JSON.stringify(item.args)} asked by ${item.user?.id}`).join(', ')}`,
    2,
  );
  const approvalId = pending.ok ? undefined : pending.error.details?.approvalId;
  if (typeof approvalId !== 'string') throw new Error('the tour expected shape_remove to wait for approval');
  const approved = await registry.approvals.approve(approvalId, { by: 'lead', reason: 'tidying up' });
  const outcome = approved.ok
    ? print.style('ok', `✓ ok  ${approved.modelOutput.split('\n')[0]}`)
    : print.style('fail', `✗ ${approved.error.code}`);
  print.line(`lead approves → ${outcome}; the document has ${documents.list().length} blocks now`, 2);
}
