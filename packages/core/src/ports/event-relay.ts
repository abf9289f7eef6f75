/** One message between processes: who sent it (a process id) and the event, plain JSON. */
export interface RelayMessage {
  readonly origin: string;
  readonly event: unknown;
}

/**
 * Port: carries small JSON messages between the processes that share a store, so that a console connected to one
 * server process sees the calls and approvals made through another. Delivery is best effort (live views, not a
 * log: the audit log is the record); a relay usually hands a process its own messages back too, so listeners
 * compare `origin`.
 */
export interface EventRelay {
  /** Send a message to every process; answers false, sending nothing, when it is too large for the relay. */
  publish(message: RelayMessage): Promise<boolean>;
  /** Hear every process's messages until the returned function is called. */
  subscribe(listener: (message: RelayMessage) => void): () => void;
}
