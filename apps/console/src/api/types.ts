import type { JsonSchema, RunResult } from '@affordance/core';
import type { AuditRecord, PendingApproval } from '@affordance/core/ports';
import type { ActionEntry as PaletteEntry } from '@affordance/react';

export type { AuditRecord, JsonSchema, PendingApproval, RunResult };

/** A target as `GET /api/targets` lists it: its type, id and the rest of its state. */
export interface TargetState {
  readonly id: string;
  readonly type: string;
  readonly locked?: boolean;
  readonly [key: string]: unknown;
}

/** `GET /api/health`. */
export interface Health {
  readonly ok: boolean;
  readonly actions: number;
  readonly version: number;
  /** Where the data lives; only for a signed-in caller (or one on the server's machine without keys). */
  readonly storage?: string;
  /** The model the agent runs on, when one is configured. */
  readonly model?: string;
}

/** One entry of "what can I do here?" (`GET /api/actions`): what the palette shows, with the server's extras. */
export interface ActionEntry extends PaletteEntry {
  readonly title: string;
  readonly score?: number;
  readonly inputSchema: JsonSchema;
  readonly roles?: readonly string[];
  readonly readOnly: boolean;
  readonly destructive: boolean;
}

/** A page of the audit log. */
export interface AuditPage {
  readonly records: readonly AuditRecord[];
  readonly nextCursor?: string;
}

/** Filters of the audit log, as the UI edits them (empty strings are left out of the query). */
export interface AuditFilters {
  readonly action?: string;
  readonly user?: string;
  readonly outcome?: '' | 'ok' | 'error';
  readonly errorCode?: string;
  readonly since?: string;
  readonly limit?: number;
  readonly cursor?: string;
}
