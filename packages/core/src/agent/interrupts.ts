import type { JsonSchema } from '../action/types.js';
import { AffordanceError } from '../errors/affordance-error.js';

/**
 * Something a paused run waits for: a person's decision on one tool call (its approval, `reason: 'approval'`), or
 * their answer to what the call asked (`ctx.ask`, `reason: 'input'`).
 */
export interface AgentInterrupt {
  /** The approval's id (`apr_…`), or the question's (`inp_…`); a decision answers the interrupt by it. */
  readonly id: string;
  readonly reason: 'approval' | 'input';
  /** What to ask the person, naming the action and its arguments. */
  readonly message: string;
  /** The model's tool-call id. */
  readonly toolCallId: string;
  /** Qualified action name. */
  readonly name: string;
  /** The arguments as they will run, secrets redacted. */
  readonly args: unknown;
  /** JSON Schema of an answer: `{ approved, editedArgs?, reason? }` for an approval; the handler's for input. */
  readonly responseSchema: JsonSchema;
  /** With `input`: the question's key (`ctx.ask({ key })`, default `'input'`). */
  readonly key?: string;
}

/**
 * A person's answer to one interrupt: for an approval, approve (optionally with edited arguments) or deny; for an
 * input interrupt, `answer` (checked against its `responseSchema`).
 */
export interface AgentDecision {
  readonly interruptId: string;
  /** Approvals: true runs the call, false denies it. */
  readonly approved?: boolean;
  /** Arguments to run instead (checked against the action's schema before anything runs). */
  readonly editedArgs?: Record<string, unknown>;
  /** Why, in a few words (kept with the approval, and told to the model on a deny). */
  readonly reason?: string;
  /** Input interrupts: the person's answer. */
  readonly answer?: unknown;
}

/** Why a resume was refused; nothing ran and the run is still paused unless the code says otherwise. */
export type ResumeErrorCode =
  /** No paused run has this id or interrupt for this user. */
  | 'unknown_interrupt'
  /** A pending interrupt has no decision. */
  | 'missing_decision'
  /** The run was already resumed (or is being resumed) by another decision. */
  | 'already_resolved'
  /** The run's interrupts were cancelled; start a new run. */
  | 'cancelled'
  /** A decision does not match the interrupt's response schema (or its edited arguments the action's). */
  | 'invalid_decision'
  /**
   * The resume stopped midway: its lease on the run could not be renewed (the store failed). Calls it ran keep their
   * outcome; the run stays `resuming` until its lease runs out, then a new resume takes it over and goes on.
   */
  | 'lease_lost';

/** A refused resume of a paused agent run. */
export class ResumeError extends AffordanceError<ResumeErrorCode> {
  static override readonly errorName: string = 'ResumeError';
}

const REASON_LENGTH = 500;

/** The answer schema of an approval interrupt (AG-UI's `approveWithEdits` payload shape). */
export const APPROVAL_RESPONSE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    approved: { type: 'boolean', description: 'true runs the call, false denies it' },
    editedArgs: {
      type: 'object',
      description: "Arguments to run instead; checked against the action's schema",
    },
    reason: { type: 'string', maxLength: REASON_LENGTH },
  },
  required: ['approved'],
  additionalProperties: false,
};

/**
 * Read an AG-UI-style payload as a decision, or say what is wrong with it: for an approval `{ approved,
 * editedArgs?, reason? }`; for an input interrupt (`reason: 'input'`) the payload is the answer itself (checked
 * against the schema on resume).
 */
export function decisionOf(
  interruptId: string,
  payload: unknown,
  kind: AgentInterrupt['reason'] = 'approval',
): AgentDecision | string {
  if (kind === 'input') return { interruptId, answer: payload };
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return 'the payload must be an object { approved, editedArgs?, reason? }';
  }
  const { approved, editedArgs, reason, ...rest } = payload as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) return `the payload has unknown fields: ${extra.join(', ')}`;
  if (typeof approved !== 'boolean') return '`approved` must be true or false';
  if (
    editedArgs !== undefined &&
    (typeof editedArgs !== 'object' || editedArgs === null || Array.isArray(editedArgs))
  ) {
    return '`editedArgs` must be an object';
  }
  if (editedArgs !== undefined && !approved) return '`editedArgs` only goes with `approved: true`';
  if (reason !== undefined && (typeof reason !== 'string' || reason.length > REASON_LENGTH)) {
    return `\`reason\` must be a string of at most ${REASON_LENGTH} characters`;
  }
  return {
    interruptId,
    approved,
    ...(editedArgs !== undefined ? { editedArgs: editedArgs as Record<string, unknown> } : {}),
    ...(reason !== undefined ? { reason: reason as string } : {}),
  };
}
