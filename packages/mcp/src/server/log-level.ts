import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';

const SEVERITY: Readonly<Record<LoggingLevel, number>> = {
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
};

/** Every MCP logging level, from least to most severe. */
export const LOGGING_LEVELS = Object.keys(SEVERITY) as LoggingLevel[];

/** Whether a message at `level` reaches a client that asked for `minimum` and above. */
export function passesLevel(level: LoggingLevel, minimum: LoggingLevel): boolean {
  return SEVERITY[level] >= SEVERITY[minimum];
}
