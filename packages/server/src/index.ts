export { type ModelSource, NO_MODEL_MESSAGE } from './agui/resolve-model.js';
export { MAX_STATE_BYTES, type SharedState, sharedState } from './agui/shared-state.js';
export { authenticate, isLoopback, localUser, type ServerUsers } from './authenticate.js';
export { type AffordanceServer, createServer, type ServerOptions } from './create-server.js';
export type {
  EventStreamLimits,
  EventStreamStats,
  EventStreams,
} from './events/event-streams.js';
export type { SuggestionOptions } from './routes/suggestion-routes.js';
export type { ServerEnv } from './server-env.js';
export {
  SERVER_ERROR_STATUS,
  ServerError,
  type ServerErrorBody,
  type ServerErrorCode,
  type ServerOnlyErrorCode,
  serverErrorCodes,
} from './server-error.js';
