import type { Context } from 'hono';
import { ServerError } from './server-error.js';

/** Parse the request body as a JSON object; anything else is a `ServerError` (400). */
export async function readJsonObject(context: Context): Promise<Record<string, unknown>> {
  const text = await context.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ServerError(
      'invalid_json_body',
      `the request body is not JSON: ${(error as Error).message}`,
      'send a JSON object with Content-Type: application/json',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ServerError('invalid_json_body', 'the request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** An optional string field of a body or query; a value of another type is a 400. */
export function optionalString(source: Record<string, unknown>, key: string): string | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') {
    throw new ServerError('invalid_request', `\`${key}\` must be a non-empty string`);
  }
  return value;
}

/** An optional object field of a body; a value of another type is a 400. */
export function optionalObject(
  source: Record<string, unknown>,
  key: string,
): Record<string, unknown> | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ServerError('invalid_request', `\`${key}\` must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** An optional positive integer from a query string, at most `max`. */
export function optionalInteger(value: string | undefined, key: string, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new ServerError(
      'invalid_request',
      `\`${key}\` must be an integer from 1 to ${max}, not '${value}'`,
    );
  }
  return number;
}
