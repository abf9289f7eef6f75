import {
  type HostName,
  hostAllowed,
  hostRules,
  originAllowed,
  originRules,
  parseHost,
  sameOrigin,
} from './allowed-hosts.js';

/** Which hosts and other sites' pages may reach an HTTP endpoint (`createRequestGuard`). */
export interface RequestGuardPolicy {
  /**
   * `Host` values accepted besides the loopback names (localhost, 127.0.0.1, [::1], any port): `name` (any port),
   * `name:port`, `.example.com` (the domain and its subdomains), or `*` (any host: no DNS-rebinding check).
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Origins of other sites' pages that may call the endpoint (`https://app.example.com`, or
   * `https://*.example.com`); they get CORS headers. Pages of the endpoint's own origin always may.
   */
  readonly allowedOrigins?: readonly string[];
  /** When set, a loopback `Host` must name this port (a standalone listener knows its port). */
  readonly port?: number;
}

/** Request headers: a web `Headers`, or node:http's parsed headers (lower-case names). */
export type HeaderSource = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The parts of a request the guard reads. */
export interface GuardedRequest {
  readonly method: string;
  readonly headers: HeaderSource;
  /** The request URL, for its host when the request has no `Host` header. */
  readonly url?: string;
}

/** Why a request was refused: a typed code, its HTTP status, and a message and hint that say what to configure. */
export interface GuardRefusal {
  readonly code: 'forbidden_host' | 'forbidden_origin' | 'unsupported_media_type';
  readonly status: 403 | 415;
  readonly message: string;
  readonly hint: string;
}

/** What the guard decided: go on (with the origin to answer CORS headers for, if any), a preflight, or a refusal. */
export type GuardVerdict =
  | { readonly kind: 'pass'; readonly corsOrigin?: string }
  | { readonly kind: 'preflight'; readonly corsOrigin: string }
  | { readonly kind: 'refuse'; readonly refusal: GuardRefusal };

/** The request header a page must send with a POST that is not JSON (a cross-site form cannot send it). */
export const CSRF_HEADER = 'x-affordance-request';

const PASS: GuardVerdict = { kind: 'pass' };
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** A request guard: one policy, checked against each request. */
export type RequestGuard = (request: GuardedRequest) => GuardVerdict;

/**
 * Build the guard of a policy (a malformed `allowedHosts` or `allowedOrigins` entry throws a `TypeError` naming
 * it). It refuses what a page on another site, or a DNS-rebinding page, could send: a `Host` not allowed (403
 * `forbidden_host`), an `Origin` that is neither this origin nor an allowed one, or a fetch-metadata
 * `Sec-Fetch-Site` saying another site sent a subresource request (403 `forbidden_origin`), and a POST that is
 * neither JSON nor carries `X-Affordance-Request` (415 `unsupported_media_type`: forms and `no-cors` fetches can
 * send neither). A CORS preflight from an allowed origin is answered as such; requests without `Origin`
 * (non-browser clients) pass the origin check.
 */
export function createRequestGuard(policy: RequestGuardPolicy = {}): RequestGuard {
  const hosts = hostRules(policy.allowedHosts);
  const origins = originRules(policy.allowedOrigins);
  const accepted = new Map<string, HostName>();
  return (request) => {
    const rawHost = header(request.headers, 'host') ?? hostOf(request.url);
    let host = rawHost === undefined ? undefined : accepted.get(rawHost);
    if (host === undefined) {
      host = rawHost === undefined ? undefined : parseHost(rawHost);
      if (host === undefined || !hostAllowed(host, hosts, policy.port)) return refuse(hostRefusal(rawHost));
      // Remembered once accepted (a few names in practice; refused ones never are, so the map stays small).
      if (accepted.size < 64) accepted.set(rawHost!, host);
    }
    const origin = header(request.headers, 'origin');
    const method = request.method.toUpperCase();
    let corsOrigin: string | undefined;
    if (origin !== undefined) {
      const same = sameOrigin(origin, host);
      if (!same && !originAllowed(origin, origins)) return refuse(originRefusal(origin));
      if (!same) corsOrigin = origin;
    } else {
      const site = header(request.headers, 'sec-fetch-site');
      const navigation =
        header(request.headers, 'sec-fetch-mode') === 'navigate' && (method === 'GET' || method === 'HEAD');
      if (site !== undefined && site !== 'same-origin' && site !== 'none' && !navigation)
        return refuse(siteRefusal(site));
    }
    if (method === 'OPTIONS' && header(request.headers, 'access-control-request-method') !== undefined) {
      if (corsOrigin === undefined) return refuse(originRefusal(origin ?? 'none'));
      return { kind: 'preflight', corsOrigin };
    }
    if (method === 'POST') {
      const type = header(request.headers, 'content-type');
      if ((type === undefined || !JSON_TYPE.test(type)) && header(request.headers, CSRF_HEADER) === undefined)
        return refuse(mediaRefusal(type));
    }
    return corsOrigin === undefined ? PASS : { kind: 'pass', corsOrigin };
  };
}

/** CORS headers for an answer to an allowed origin; a preflight also lists the methods and headers it may use. */
export function corsHeaders(origin: string, preflight = false): Record<string, string> {
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version',
    vary: 'Origin',
  };
  if (!preflight) return headers;
  return {
    ...headers,
    'access-control-allow-methods': 'GET, POST, DELETE',
    'access-control-allow-headers': `authorization, content-type, accept, last-event-id, mcp-session-id, mcp-protocol-version, ${CSRF_HEADER}`,
    'access-control-max-age': '600',
  };
}

const refuse = (refusal: GuardRefusal): GuardVerdict => ({ kind: 'refuse', refusal });

function hostRefusal(host: string | undefined): GuardRefusal {
  return {
    code: 'forbidden_host',
    status: 403,
    message: `the Host ${JSON.stringify(host ?? '')} is not one this server answers (a DNS-rebinding page would send such a name)`,
    hint: 'to serve under this name, add it to `allowedHosts` in affordance.config.json or pass --allowed-host <name> to `affordance serve`',
  };
}

function originRefusal(origin: string): GuardRefusal {
  return {
    code: 'forbidden_origin',
    status: 403,
    message: `a page of ${JSON.stringify(origin)} may not call this server (cross-site request)`,
    hint: 'to let that site call the API, add its origin to `allowedOrigins` in affordance.config.json or pass --allowed-origin <origin> to `affordance serve`',
  };
}

function siteRefusal(site: string): GuardRefusal {
  return {
    code: 'forbidden_origin',
    status: 403,
    message: `the browser says a page of another site sent this request (Sec-Fetch-Site: ${site})`,
    hint: 'call the API from the console, or from a page whose origin is in `allowedOrigins` (--allowed-origin)',
  };
}

function mediaRefusal(type: string | undefined): GuardRefusal {
  return {
    code: 'unsupported_media_type',
    status: 415,
    message: `a POST must send Content-Type: application/json, not ${type ? JSON.stringify(type) : 'none'} (a cross-site form could send that)`,
    hint: `send the body as JSON with Content-Type: application/json, or add the header ${CSRF_HEADER}: 1`,
  };
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return typeof value === 'string' ? value : value?.join(', ');
}

function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
