import { CommandFailure } from './command-options.js';

/** The options of commands that can act through a running server instead of opening the data folder. */
export const REMOTE_OPTIONS = {
  server: { type: 'string' },
} as const;

/** A running Affordance server, called over its REST API. */
export interface RemoteServer {
  readonly url: string;
  /** Send a request; answers the status and the JSON body. */
  request(
    path: string,
    init?: { readonly method?: 'GET' | 'POST'; readonly body?: unknown },
  ): Promise<{ readonly status: number; readonly body: unknown }>;
}

/**
 * The server `--server URL` names, or undefined without the option. The API key comes from `AFFORDANCE_API_KEY`
 * (never from the command line, where other users of the machine could read it).
 */
export function remoteServer(
  url: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): RemoteServer | undefined {
  if (url === undefined) return undefined;
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new CommandFailure(
      `--server must be the server's URL, such as http://127.0.0.1:4000, not '${url}'`,
    );
  }
  const key = env.AFFORDANCE_API_KEY;
  return {
    url: base.href,
    async request(path, init = {}) {
      let response: Response;
      try {
        response = await fetch(new URL(path, base), {
          method: init.method ?? 'GET',
          headers: {
            accept: 'application/json',
            ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(key ? { authorization: `Bearer ${key}` } : {}),
          },
          ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        });
      } catch (error) {
        throw new Error(
          `could not reach the server at ${base.href}: ${(error as Error).cause ?? (error as Error).message}`,
        );
      }
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`the server at ${base.href} did not answer JSON (HTTP ${response.status})`);
      }
      return { status: response.status, body };
    },
  };
}

/** The body of a successful answer; an error answer fails the command with the server's message and hint. */
export function expectOk(answer: { readonly status: number; readonly body: unknown }): unknown {
  if (answer.status < 400) return answer.body;
  const error = (answer.body as { error?: { code?: string; message?: string; hint?: string } }).error;
  throw new CommandFailure(
    `The server refused (${answer.status} ${error?.code ?? 'error'}): ${error?.message ?? 'no message'}` +
      (error?.hint ? `\n  hint: ${error.hint}` : ''),
  );
}

/** A query string of the given values, leaving out the undefined ones. */
export function queryOf(values: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
