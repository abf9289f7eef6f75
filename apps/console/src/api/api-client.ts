import type {
  ActionEntry,
  AuditFilters,
  AuditPage,
  Health,
  PendingApproval,
  RunResult,
  TargetState,
} from './types.js';

/** An HTTP error answered by the server (`{ error: { code, message, hint? } }`), or a network failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Prefix of every path (default: same origin). */
  readonly baseUrl?: string;
  /** An API key sent as `Authorization: Bearer …` when the server requires keys. */
  readonly apiKey?: string;
  readonly fetch?: typeof fetch;
}

/** What a person can do with an approval in the inbox. */
export type Decision = 'approve' | 'deny' | 'retry';

/** The console's typed view of the REST API. */
export interface ApiClient {
  health(): Promise<Health>;
  targets(): Promise<readonly TargetState[]>;
  actions(query: { target?: string; q?: string; limit?: number }): Promise<readonly ActionEntry[]>;
  run(name: string, args: Record<string, unknown>, options?: { sessionId?: string }): Promise<RunResult>;
  audit(filters: AuditFilters): Promise<AuditPage>;
  /** Approvals in one or several statuses (all the caller may decide, without). */
  approvals(
    status?: PendingApproval['status'] | readonly PendingApproval['status'][],
  ): Promise<readonly PendingApproval[]>;
  /** Approve or deny a pending call, or retry an interrupted one; answers the call's result. */
  decide(id: string, decision: Decision, reason?: string): Promise<RunResult>;
  /** The headers every request carries (the event stream reuses them). */
  readonly headers: Readonly<Record<string, string>>;
  readonly baseUrl: string;
}

/** Build a query string from the defined, non-empty values. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Create the REST client. Non-2xx answers become `ApiError` with the server's code and message, except the 403 of
 * a refused run, whose body is still the pipeline's `RunResult` and is returned as data.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};

  const request = async <T>(
    path: string,
    init: RequestInit = {},
    allow: readonly number[] = [],
  ): Promise<T> => {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...headers, ...(init.headers as Record<string, string>) },
      });
    } catch (error) {
      throw new ApiError(0, 'network_error', `cannot reach the server: ${(error as Error).message}`);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ApiError(
        response.status,
        'invalid_response',
        `the server answered non-JSON (${response.status})`,
      );
    }
    if (response.ok || allow.includes(response.status)) return body as T;
    const error = (body as { error?: { code?: string; message?: string; hint?: string } } | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `the server answered ${response.status}`,
      error?.hint,
    );
  };
  const post = <T>(path: string, body: unknown, allow: readonly number[] = []) =>
    request<T>(
      path,
      { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
      allow,
    );

  return {
    headers,
    baseUrl,
    health: () => request<Health>('/api/health'),
    targets: async () => (await request<{ targets: TargetState[] }>('/api/targets')).targets,
    actions: async ({ target, q, limit }) =>
      (await request<{ actions: ActionEntry[] }>(`/api/actions${queryString({ target, q, limit })}`)).actions,
    run: (name, args, runOptions = {}) =>
      post<RunResult>(
        `/api/actions/${encodeURIComponent(name)}/run`,
        { args, ...(runOptions.sessionId ? { sessionId: runOptions.sessionId } : {}) },
        [403],
      ),
    audit: (filters) =>
      request<AuditPage>(
        `/api/audit${queryString({
          action: filters.action,
          user: filters.user,
          outcome: filters.outcome,
          errorCode: filters.errorCode,
          since: filters.since,
          limit: filters.limit,
          cursor: filters.cursor,
        })}`,
      ),
    approvals: async (status) =>
      (
        await request<{ approvals: PendingApproval[] }>(
          `/api/approvals${queryString({ status: typeof status === 'string' ? status : status?.join(',') })}`,
        )
      ).approvals,
    decide: (id, decision, reason) =>
      decision === 'retry'
        ? post<RunResult>(`/api/approvals/${encodeURIComponent(id)}/retry`, reason ? { reason } : {})
        : post<RunResult>(`/api/approvals/${encodeURIComponent(id)}`, {
            decision,
            ...(reason ? { reason } : {}),
          }),
  };
}
