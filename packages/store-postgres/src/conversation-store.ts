import {
  ConversationStoreError,
  checkChatMessage,
  checkConversationSession,
  type NewChatMessage,
  type NewConversationSession,
} from '@affordance/core/ports';
import { StoreError } from './store-error.js';

// The port and its checks live in core; this package turns their errors into its own StoreError.
/** Throw `StoreError('invalid_input')` unless `message` is a well-formed new message. */
export function checkMessage(message: NewChatMessage): NewChatMessage {
  return asStoreError(() => checkChatMessage(message));
}

/** Throw `StoreError('invalid_input')` unless `session` is a well-formed new session. */
export function checkSession(session: NewConversationSession): NewConversationSession {
  return asStoreError(() => checkConversationSession(session));
}

function asStoreError<TValue>(check: () => TValue): TValue {
  try {
    return check();
  } catch (error) {
    if (ConversationStoreError.isInstance(error)) throw new StoreError(error.code, error.message);
    throw error;
  }
}
