import type { Logger } from '../action/types.js';
import type { DetectedActionHandler } from './types.js';

/** The structured record `builtin:log` writes for one action. */
export interface ActionLogRecord {
  readonly event: 'agent-action';
  readonly type: string;
  readonly content: string;
  readonly metadata: Readonly<Record<string, unknown>>;
}

/** `builtin:log`: write each action as one structured record (`info` level, `question` at `warn`) and return it. */
export function createLogHandler(options: { readonly logger: Logger }): DetectedActionHandler {
  return (action) => {
    const record: ActionLogRecord = {
      event: 'agent-action',
      type: action.type,
      content: action.content,
      metadata: action.metadata,
    };
    // An open question needs a person; make it stand out in the log.
    const level = action.type === 'question' ? 'warn' : 'info';
    options.logger[level](record, `agent-action ${action.type}`);
    return record;
  };
}
