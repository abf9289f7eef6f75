import { jsonError } from './json-error.js';

const LOCAL_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

/** What `checkOrigin` accepts: explicit lists, or the local host names on `port` (any port when unknown). */
export interface OriginPolicy {
  readonly allowedHosts?: readonly string[];
  readonly allowedOrigins?: readonly string[];
  readonly port?: number;
}

/**
 * Refuse requests a DNS-rebinding page could send: a `Host` that is not an allowed host, or an `Origin` that is not
 * an allowed origin (requests without `Origin`, from non-browser clients, pass). Returns the 403 answer, or
 * undefined when the request may go on.
 */
export function checkOrigin(request: Request, policy: OriginPolicy): Response | undefined {
  const host = (request.headers.get('host') ?? hostOf(request.url))?.toLowerCase();
  if (!host || !hostAllowed(host, policy)) {
    return jsonError(403, -32000, `Forbidden: Host ${JSON.stringify(host ?? '')} is not allowed`);
  }
  const origin = request.headers.get('origin');
  if (origin !== null && !originAllowed(origin.toLowerCase(), policy)) {
    return jsonError(403, -32000, `Forbidden: Origin ${JSON.stringify(origin)} is not allowed`);
  }
  return undefined;
}

function hostAllowed(host: string, policy: OriginPolicy): boolean {
  if (policy.allowedHosts) return policy.allowedHosts.some((allowed) => matches(host, allowed.toLowerCase()));
  return LOCAL_HOSTNAMES.some((name) =>
    matches(host, policy.port === undefined ? name : `${name}:${policy.port}`),
  );
}

function originAllowed(origin: string, policy: OriginPolicy): boolean {
  if (policy.allowedOrigins) return policy.allowedOrigins.some((allowed) => allowed.toLowerCase() === origin);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (policy.allowedHosts)
    return policy.allowedHosts.some((allowed) => matches(url.host, allowed.toLowerCase()));
  return LOCAL_HOSTNAMES.some((name) =>
    matches(url.host, policy.port === undefined ? name : `${name}:${policy.port}`),
  );
}

/** `allowed` without a port accepts any port of that host name; with one, only that port. */
function matches(host: string, allowed: string): boolean {
  if (host === allowed) return true;
  if (hasPort(allowed)) return false;
  return hostname(host) === allowed;
}

function hasPort(host: string): boolean {
  return /:\d+$/.test(host) && !/^\[[^\]]*\]$/.test(host);
}

function hostname(host: string): string {
  return hasPort(host) ? host.slice(0, host.lastIndexOf(':')) : host;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
