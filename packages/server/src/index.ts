export { authenticate, isLoopback, localUser, type ServerUsers } from './authenticate.js';
export { type AffordanceServer, createServer, type ServerOptions } from './create-server.js';
export { NO_MODEL_MESSAGE } from './routes/agui-route.js';
export type { ServerEnv } from './server-env.js';
export {
  SERVER_ERROR_STATUS,
  ServerError,
  type ServerErrorBody,
  type ServerErrorCode,
} from './server-error.js';
