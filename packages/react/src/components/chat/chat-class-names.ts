/**
 * The parts of `<Chat>` a class can be put on (`classNames`); each also carries a `data-affordance` attribute
 * (`chat`, `chat-messages`, `chat-message`, …) to style without classes.
 */
export type ChatSlot =
  | 'root'
  | 'messages'
  | 'older'
  | 'message'
  | 'author'
  | 'text'
  | 'toolCall'
  | 'interrupts'
  | 'error'
  | 'retry'
  | 'status'
  | 'composer'
  | 'input'
  | 'send'
  | 'stop';

/** A class name per part of `<Chat>`. */
export type ChatClassNames = Partial<Record<ChatSlot, string>>;
