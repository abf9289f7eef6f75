import type { User } from '@affordance/core';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthResource } from '../auth/oauth-resource.js';
import { jsonError } from './json-error.js';

/** How a request proves who it is: a token table, OAuth access tokens, a function (asked in that order). */
export interface AuthOptions {
  readonly tokens?: Readonly<Record<string, User>>;
  readonly oauth?: OAuthResource;
  readonly authenticate?: (request: Request) => User | undefined | Promise<User | undefined>;
}

/** The outcome: a user (or none when authentication is off), or the 401/403 answer. */
export type AuthOutcome =
  | { readonly user: User | undefined; readonly token?: string; readonly authInfo?: AuthInfo }
  | { readonly refused: Response };

/**
 * Check the bearer token of a request. With neither `tokens`, `oauth` nor `authenticate` configured every request
 * passes anonymously; otherwise a request without a known token gets 401 with `WWW-Authenticate: Bearer` (naming
 * the resource metadata with OAuth). Tokens are compared by their SHA-256 digest, so lookup time says nothing about
 * how much of a guess was right. An OAuth token with too few scopes gets 403 `insufficient_scope`.
 */
export function createAuthenticator(options: AuthOptions): (request: Request) => Promise<AuthOutcome> {
  const table = options.tokens ? digestTable(options.tokens) : undefined;
  const { oauth } = options;
  if (!table && !oauth && !options.authenticate) return async () => ({ user: undefined });
  return async (request) => {
    const header = request.headers.get('authorization');
    const token = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (table && token) {
      const user = (await table).get(await digest(token));
      if (user) return { user, token };
    }
    let refused: Response | undefined;
    if (oauth && token) {
      const verdict = await oauth.verify(token);
      if ('user' in verdict) return { user: verdict.user, token, authInfo: verdict.authInfo };
      refused = verdict.refused;
    }
    const user = options.authenticate ? await options.authenticate(request) : undefined;
    if (user) return { user, ...(token ? { token } : {}) };
    if (refused) return { refused };
    if (oauth) {
      return {
        refused: header
          ? oauth.challenge({ description: 'send Authorization: Bearer <access token>' })
          : oauth.challenge(),
      };
    }
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
