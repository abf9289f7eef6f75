import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { User } from '@affordance/core';
import { UsageError } from './cli-io.js';
import { importModule } from './import-module.js';
import { checkMcpOAuthConfig, type MCPOAuthConfig } from './mcp-oauth-config.js';

/** `affordance.config.{json,js,ts}`: API keys, approver roles, registry module, database URL, model. */
export interface AffordanceConfig {
  /** API key → the user it acts as. */
  readonly keys?: Readonly<Record<string, User>>;
  /** Roles that may decide approvals when keys are configured (default `admin`). */
  readonly approverRoles?: readonly string[];
  /** Whether a key holder may approve the calls they asked for themselves (default false with keys). */
  readonly allowSelfApproval?: boolean;
  /** Roles that may read every user's audit records and live calls (default `admin`). */
  readonly auditorRoles?: readonly string[];
  /** Module exporting `registry` or `actions` (relative to the config file's folder). */
  readonly registry?: string;
  readonly databaseUrl?: string;
  /** `openai:<model>` for the agent endpoint. */
  readonly model?: string;
  /** How audit rows are written: `sync` (default, each call waits for its row) or `batched` (flushed on exit). */
  readonly audit?: AuditSetting;
  /** `Host` names served besides the loopback ones (`name`, `name:port`, `.domain`, `*`), against DNS rebinding. */
  readonly allowedHosts?: readonly string[];
  /** Origins of other sites' pages that may call the API (they get CORS headers). */
  readonly allowedOrigins?: readonly string[];
  /** Resource limits of `/api/events` and `/mcp`. */
  readonly limits?: ServerLimits;
  /** `/mcp` as an OAuth protected resource (each field also from `AFFORDANCE_MCP_OAUTH_*`). */
  readonly mcpOAuth?: MCPOAuthConfig;
}

/** The `limits` of the config file: positive integers, each with a default. */
export interface ServerLimits {
  /** Open `/api/events` streams per user (default 16). */
  readonly eventStreamsPerUser?: number;
  /** Open `/api/events` streams in total (default 256). */
  readonly eventStreams?: number;
  /** Events queued for one slow reader before its stream is dropped (default 256). */
  readonly eventQueue?: number;
  /** Open MCP sessions per user (default 100). */
  readonly mcpSessionsPerUser?: number;
  /** Open MCP sessions in total (default 1000). */
  readonly mcpSessions?: number;
  /** Minutes an MCP session may stay idle before it is closed (default 10). */
  readonly mcpSessionIdleMinutes?: number;
}

const LIMIT_NAMES = [
  'eventStreamsPerUser',
  'eventStreams',
  'eventQueue',
  'mcpSessionsPerUser',
  'mcpSessions',
  'mcpSessionIdleMinutes',
] as const;

/** `sync`, `batched`, or batched with its batch size and longest wait. */
export type AuditSetting =
  | 'sync'
  | 'batched'
  | { readonly mode: 'batched'; readonly batchSize?: number; readonly flushIntervalMs?: number };

const NAMES = ['affordance.config.json', 'affordance.config.js', 'affordance.config.ts'];

/** Read the config file named by `--config`, or the first `affordance.config.*` in the working folder. */
export async function loadConfig(
  path: string | undefined,
  cwd = process.cwd(),
): Promise<{ config: AffordanceConfig; folder: string }> {
  const file = path
    ? resolve(cwd, path)
    : NAMES.map((name) => resolve(cwd, name)).find((name) => existsSync(name));
  if (!file) return { config: {}, folder: cwd };
  if (!existsSync(file)) throw new UsageError(`the config file ${file} does not exist`);
  const folder = resolve(file, '..');
  let value: unknown;
  if (file.endsWith('.json')) {
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new UsageError(`the config file ${file} is not JSON: ${(error as Error).message}`);
    }
  } else {
    try {
      value = (await importModule(file)).default;
    } catch (error) {
      throw new UsageError(`could not load the config file ${file}: ${(error as Error).message}`);
    }
  }
  return { config: checkConfig(value, file), folder };
}

function checkConfig(value: unknown, file: string): AffordanceConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`the config file ${file} must hold an object`);
  }
  const config = value as Record<string, unknown>;
  const keys = config.keys;
  if (keys !== undefined) {
    if (typeof keys !== 'object' || keys === null)
      throw new UsageError(`${file}: \`keys\` must map API keys to users`);
    for (const [key, user] of Object.entries(keys)) {
      const candidate = user as Partial<User> | null;
      if (
        typeof candidate?.id !== 'string' ||
        (candidate.roles !== undefined && !Array.isArray(candidate.roles))
      ) {
        throw new UsageError(
          `${file}: the user of key ${key.slice(0, 4)}… needs a string \`id\` and an array \`roles\``,
        );
      }
    }
  }
  for (const field of ['approverRoles', 'auditorRoles', 'allowedHosts', 'allowedOrigins'] as const) {
    const list = config[field];
    if (list !== undefined && (!Array.isArray(list) || list.some((item) => typeof item !== 'string'))) {
      const what = field.endsWith('Roles')
        ? 'role names'
        : field === 'allowedHosts'
          ? 'host names'
          : 'origins';
      throw new UsageError(`${file}: \`${field}\` must be an array of ${what}`);
    }
  }
  checkLimits(config.limits, file);
  checkMcpOAuthConfig(config.mcpOAuth, file);
  for (const field of ['registry', 'databaseUrl', 'model'] as const) {
    if (config[field] !== undefined && typeof config[field] !== 'string') {
      throw new UsageError(`${file}: \`${field}\` must be a string`);
    }
  }
  if (config.allowSelfApproval !== undefined && typeof config.allowSelfApproval !== 'boolean') {
    throw new UsageError(`${file}: \`allowSelfApproval\` must be true or false`);
  }
  checkAudit(config.audit, file);
  return config as AffordanceConfig;
}

function checkLimits(limits: unknown, file: string): void {
  if (limits === undefined) return;
  if (typeof limits !== 'object' || limits === null || Array.isArray(limits))
    throw new UsageError(`${file}: \`limits\` must be an object of ${LIMIT_NAMES.join(', ')}`);
  for (const [key, value] of Object.entries(limits)) {
    if (!(LIMIT_NAMES as readonly string[]).includes(key))
      throw new UsageError(`${file}: \`limits.${key}\` is not a limit (use ${LIMIT_NAMES.join(', ')})`);
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
      throw new UsageError(`${file}: \`limits.${key}\` must be a positive integer`);
  }
}

function checkAudit(audit: unknown, file: string): void {
  if (audit === undefined || audit === 'sync' || audit === 'batched') return;
  const candidate = audit as Record<string, unknown> | null;
  const positive = (value: unknown) =>
    value === undefined || (typeof value === 'number' && Number.isInteger(value) && value > 0);
  if (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.mode === 'batched' &&
    positive(candidate.batchSize) &&
    positive(candidate.flushIntervalMs)
  )
    return;
  throw new UsageError(
    `${file}: \`audit\` must be 'sync', 'batched' or { mode: 'batched', batchSize?, flushIntervalMs? } (positive integers)`,
  );
}
