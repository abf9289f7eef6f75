import type { User } from '@affordance/core';
import { jsonError } from './json-error.js';

/** How a request proves who it is: a token table, a function, or both (the table is asked first). */
export interface AuthOptions {
  readonly tokens?: Readonly<Record<string, User>>;
  readonly authenticate?: (request: Request) => User | undefined | Promise<User | undefined>;
}

/** The outcome: a user (or none when authentication is off), or the 401 answer. */
export type AuthOutcome =
  | { readonly user: User | undefined; readonly token?: string }
  | { readonly refused: Response };

/**
 * Check the bearer token of a request. With neither `tokens` nor `authenticate` configured every request passes
 * anonymously; otherwise a request without a known token gets 401 with `WWW-Authenticate: Bearer`. Tokens are
 * compared by their SHA-256 digest, so lookup time says nothing about how much of a guess was right.
 */
export function createAuthenticator(options: AuthOptions): (request: Request) => Promise<AuthOutcome> {
  const table = options.tokens ? digestTable(options.tokens) : undefined;
  if (!table && !options.authenticate) return async () => ({ user: undefined });
  return async (request) => {
    const header = request.headers.get('authorization');
    const token = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (table && token) {
      const user = (await table).get(await digest(token));
      if (user) return { user, token };
    }
    const user = options.authenticate ? await options.authenticate(request) : undefined;
    if (user) return { user, ...(token ? { token } : {}) };
    const challenge = header ? 'Bearer realm="mcp", error="invalid_token"' : 'Bearer realm="mcp"';
    const message = header
      ? 'Unauthorized: the bearer token is not valid'
      : 'Unauthorized: send Authorization: Bearer <token>';
    return { refused: jsonError(401, -32001, message, { 'www-authenticate': challenge }) };
  };
}

async function digestTable(tokens: Readonly<Record<string, User>>): Promise<Map<string, User>> {
  const entries = await Promise.all(
    Object.entries(tokens).map(async ([token, user]) => [await digest(token), user] as const),
  );
  return new Map(entries);
}

async function digest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
