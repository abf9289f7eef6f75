import type { Env, Handler, Hono } from 'hono';
import type { ServerErrorCode } from '../server-error.js';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The HTTP methods a route can document. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One path or query parameter. */
export interface ParameterDoc {
  readonly description: string;
  readonly schema: JsonSchema;
  /** Query parameters are optional unless said; path parameters are always required. */
  readonly required?: boolean;
}

/** One response of a route: a JSON schema, or another media type (`text/html`, `text/event-stream`). */
export interface ResponseDoc {
  readonly description: string;
  readonly schema?: JsonSchema;
  /** Default `application/json`. */
  readonly contentType?: string;
}

/** What a route tells the OpenAPI document; declared once beside its handler. */
export interface RouteDoc {
  readonly method: HttpMethod | readonly HttpMethod[];
  /** Hono path syntax (`/api/actions/:name/run`). */
  readonly path: string;
  /** Stable operation id for generated clients (`runAction`). */
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: Readonly<Record<string, ParameterDoc>>;
  readonly query?: Readonly<Record<string, ParameterDoc>>;
  readonly body?: { readonly description?: string; readonly schema: JsonSchema; readonly required?: boolean };
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  /** Typed server errors the route can answer; each becomes a response under its HTTP status. */
  readonly errors?: readonly ServerErrorCode[];
  /** False for routes that answer without identifying the caller (the home page, health, this document). */
  readonly authenticated?: boolean;
}

/** A documented route: its description and the handler that answers it (path parameters typed from `path`). */
export interface RouteSpec<TEnv extends Env, TPath extends string = string> extends RouteDoc {
  readonly path: TPath;
  readonly handler: Handler<TEnv, TPath>;
}

const documented = new WeakMap<object, RouteDoc[]>();

/** Mount a route on the app and record its description for the OpenAPI document, from the one declaration. */
export function route<TEnv extends Env, TPath extends string>(
  app: Hono<TEnv>,
  spec: RouteSpec<TEnv, TPath>,
): void {
  const { handler, ...doc } = spec;
  const methods = typeof doc.method === 'string' ? [doc.method] : doc.method;
  app.on(
    methods.map((method) => method.toUpperCase()),
    doc.path,
    handler,
  );
  const list = documented.get(app) ?? [];
  list.push(doc);
  documented.set(app, list);
}

/** The descriptions of the routes mounted on this app through `route`, in mounting order. */
export function documentedRoutes(app: object): readonly RouteDoc[] {
  return documented.get(app) ?? [];
}
