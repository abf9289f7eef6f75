import type { ToolCallStatus } from '@affordance/client';
import { createElement as h, type ReactNode } from 'react';
import { useToolCall } from '../../hooks/use-tool-calls.js';
import { ToolCallRenderer } from '../tool-call-renderer.js';

/** One tool call of an assistant message, as AG-UI sends it. */
export interface ChatToolCallProps {
  readonly id: string;
  readonly name: string;
  /** The arguments as JSON text. */
  readonly arguments: string;
  readonly className?: string;
}

const STATUS_TEXT: Record<ToolCallStatus, string> = {
  pending: 'starting',
  executing: 'running',
  complete: 'done',
  failed: 'failed',
};

/**
 * A tool call in the thread: its name and arguments, its status (`data-status`), then what the call's renderer
 * draws (`ToolCallRenderer`: the action's `render`, the `'*'` renderer, or approve / deny for an approval).
 */
export function ChatToolCall(props: ChatToolCallProps): ReactNode {
  const entry = useToolCall(props.id);
  const status = entry?.status;
  return h(
    'div',
    {
      role: 'group',
      'aria-label': `Tool call ${props.name}`,
      'data-affordance': 'chat-tool-call',
      ...(status ? { 'data-status': status } : {}),
      className: props.className,
    },
    h('code', null, `${props.name}(${props.arguments})`),
    status ? h('span', { 'data-affordance': 'chat-tool-status' }, ` ${STATUS_TEXT[status]}`) : null,
    h(ToolCallRenderer, { id: props.id }),
  );
}
