/** A `Host` value taken apart: the lower-case name (IPv6 in brackets, no trailing dot) and the port, if any. */
export interface HostName {
  readonly name: string;
  readonly port: string | undefined;
}

/** The names of this machine a browser can only reach from this machine; accepted on any port. */
export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?)(?::(\d{1,5}))?$/;
const ORIGIN = /^(https?):\/\/([^/?#@]+)$/;

/** Parse a `Host` header (or an allow-list entry); undefined when it is not a host name or address with a port. */
export function parseHost(value: string): HostName | undefined {
  const text = value.trim().toLowerCase();
  // An IPv6 address written without brackets (an allow-list entry such as `::1`).
  const bare = text.includes(':') && text.indexOf(':') !== text.lastIndexOf(':') && !text.startsWith('[');
  const match = HOST.exec(bare ? `[${text}]` : text);
  if (!match) return undefined;
  const name = match[1]!.endsWith('.') ? match[1]!.slice(0, -1) : match[1]!;
  return { name, port: match[2] };
}

/** One entry of `allowedHosts`: any host, a domain and its subdomains, or a name with an optional port. */
export type HostRule =
  | { readonly kind: 'any' }
  | { readonly kind: 'domain'; readonly suffix: string }
  | { readonly kind: 'name'; readonly host: HostName };

/** Turn `allowedHosts` entries into rules; an entry that is not a host name is an error naming it. */
export function hostRules(entries: readonly string[] = []): HostRule[] {
  return entries.map((entry): HostRule => {
    if (entry.trim() === '*') return { kind: 'any' };
    if (entry.startsWith('.')) {
      const domain = parseHost(entry.slice(1));
      if (domain && domain.port === undefined) return { kind: 'domain', suffix: domain.name };
    } else {
      const host = parseHost(entry);
      if (host) return { kind: 'name', host };
    }
    throw new TypeError(
      `allowedHosts: ${JSON.stringify(entry)} is not a host name (use name, name:port, .domain or *)`,
    );
  });
}

/** Whether a request's host is a loopback name (on `port`, when given) or matches one of the rules. */
export function hostAllowed(host: HostName, rules: readonly HostRule[], port?: number): boolean {
  if (LOOPBACK_NAMES.includes(host.name) && (port === undefined || (host.port ?? '80') === String(port)))
    return true;
  return rules.some((rule) => {
    if (rule.kind === 'any') return true;
    if (rule.kind === 'domain') return host.name === rule.suffix || host.name.endsWith(`.${rule.suffix}`);
    return rule.host.name === host.name && (rule.host.port === undefined || rule.host.port === host.port);
  });
}

/** An origin taken apart: scheme, host name and port (the scheme's default port left out). */
interface OriginParts {
  readonly scheme: 'http' | 'https';
  readonly name: string;
  readonly port: string | undefined;
}

function parseOrigin(value: string): OriginParts | undefined {
  const match = ORIGIN.exec(value.trim().toLowerCase());
  if (!match) return undefined;
  const scheme = match[1] as 'http' | 'https';
  const host = parseHost(match[2]!);
  if (!host) return undefined;
  return { scheme, name: host.name, port: withoutDefault(scheme, host.port) };
}

const withoutDefault = (scheme: string, port: string | undefined) =>
  (scheme === 'http' && port === '80') || (scheme === 'https' && port === '443') ? undefined : port;

/**
 * Whether `Origin` names the host the request was sent to (same name and port; http or https, since a proxy in
 * front may end TLS; two loopback names on the same port are the same server). `null` and other schemes never are.
 */
export function sameOrigin(origin: string, host: HostName): boolean {
  const parts = parseOrigin(origin);
  if (parts === undefined || parts.port !== withoutDefault(parts.scheme, host.port)) return false;
  return (
    parts.name === host.name || (LOOPBACK_NAMES.includes(parts.name) && LOOPBACK_NAMES.includes(host.name))
  );
}

/** One entry of `allowedOrigins`: an exact origin, or every subdomain of a domain (`https://*.example.com`). */
export type OriginRule = OriginParts & { readonly subdomains: boolean };

/** Turn `allowedOrigins` entries into rules; an entry that is not an origin is an error naming it. */
export function originRules(entries: readonly string[] = []): OriginRule[] {
  return entries.map((entry) => {
    const wildcard = /^(https?:\/\/)\*\.(.+)$/i.exec(entry.trim());
    const parts = parseOrigin(wildcard ? `${wildcard[1]}${wildcard[2]}` : entry.replace(/\/$/, ''));
    if (!parts)
      throw new TypeError(
        `allowedOrigins: ${JSON.stringify(entry)} is not an origin (use https://host[:port] or https://*.domain)`,
      );
    return { ...parts, subdomains: wildcard !== null };
  });
}

/** Whether an `Origin` header matches one of the rules (scheme, name and port; subdomains for wildcards). */
export function originAllowed(origin: string, rules: readonly OriginRule[]): boolean {
  if (rules.length === 0) return false;
  const parts = parseOrigin(origin);
  if (!parts) return false;
  return rules.some(
    (rule) =>
      rule.scheme === parts.scheme &&
      rule.port === parts.port &&
      (rule.subdomains ? parts.name.endsWith(`.${rule.name}`) : parts.name === rule.name),
  );
}
