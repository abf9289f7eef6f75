/** Milliseconds as a short duration: `12 ms`, `1.4 s`. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/** A time of day (`14:03:07`) from an ISO string or epoch ms; the input itself when it cannot be read. */
export function formatTime(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}

/** JSON for display, indented; values that cannot be serialised are said so. */
export function formatJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    return '(cannot be shown)';
  }
}

/** The target id an action call names (`blockId`, or any `…Id` argument). */
export function targetIdOf(args: unknown): string | undefined {
  if (!args || typeof args !== 'object') return undefined;
  for (const [key, value] of Object.entries(args)) {
    if (/Id$/.test(key) && typeof value === 'string') return value;
  }
  return undefined;
}

/** A date and time of day (`25 Nov, 14:03:07`) from an ISO string or epoch ms; the input itself when unreadable. */
export function formatDateTime(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const day = date.toLocaleDateString([], { day: 'numeric', month: 'short' });
  return `${day}, ${formatTime(value)}`;
}
