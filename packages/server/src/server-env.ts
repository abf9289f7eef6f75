import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry, Store, User } from '@affordance/core';
import type { Logger } from 'pino';
import type { ApprovalPolicy } from './approval-policy.js';
import type { EventHub } from './events/event-hub.js';
import type { EventStreams } from './events/event-streams.js';

/** The Hono environment of every route: the request's user, and node:http's request and response when served by Node. */
export interface ServerEnv {
  Variables: { user: User };
  Bindings: { incoming?: IncomingMessage; outgoing?: ServerResponse };
}

/** What the routes share. */
export interface RouteDeps {
  readonly registry: Registry;
  readonly store: Store;
  readonly logger: Logger;
  /** Who may decide approvals (approver roles, self-approval). */
  readonly approvals: ApprovalPolicy;
  /** Every user the server knows now: the API keys' users, or the local user without keys. */
  readonly users: () => readonly User[];
  /** Roles that may read every user's audit records and live calls (with API keys; without, the local user may). */
  readonly auditorRoles: readonly string[];
  /** Whether API keys are configured (else every request is the local user's). */
  readonly keyed: boolean;
  /** The events `/api/events` streams. */
  readonly events: EventHub;
  /** The open `/api/events` streams and their limits. */
  readonly streams: EventStreams;
}
