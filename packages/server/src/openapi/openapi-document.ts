import { SERVER_ERROR_STATUS, type ServerErrorCode } from '../server-error.js';
import type { JsonSchema, ParameterDoc, RouteDoc } from './define-route.js';
import { COMPONENT_SCHEMAS } from './schemas.js';

/** The `info` block of the document. */
export interface OpenAPIInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

/** An OpenAPI 3.1 document (the parts this server writes). */
export interface OpenAPIDocument {
  readonly openapi: '3.1.0';
  readonly info: OpenAPIInfo;
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: { readonly schemas: Record<string, JsonSchema>; readonly securitySchemes: object };
}

/** Hono's `/api/approvals/:id` as OpenAPI's `/api/approvals/{id}`. */
export function openAPIPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Build the OpenAPI 3.1 document from the routes' own descriptions. */
export function openAPIDocument(routes: readonly RouteDoc[], info: OpenAPIInfo): OpenAPIDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of routes) {
    const methods = typeof doc.method === 'string' ? [doc.method] : doc.method;
    const key = openAPIPath(doc.path);
    const item = paths[key] ?? {};
    paths[key] = item;
    for (const method of methods) {
      if (item[method]) throw new Error(`two routes describe ${method.toUpperCase()} ${doc.path}`);
      item[method] = operation(
        doc,
        methods.length > 1 ? `${doc.operationId}_${method}` : doc.operationId,
        method,
      );
    }
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      schemas: COMPONENT_SCHEMAS,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key from the server config. Without keys configured, requests from this machine act as the local user.',
        },
      },
    },
  };
}

/** The errors of the cross-site guard in front of every route; a POST must also be JSON. */
const GUARD_ERRORS: readonly ServerErrorCode[] = ['forbidden_host', 'forbidden_origin'];

function operation(doc: RouteDoc, operationId: string, method: string): Record<string, unknown> {
  const parameters = [...parameterList('path', doc.params), ...parameterList('query', doc.query)];
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(doc.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.schema || response.contentType
        ? {
            content: {
              [response.contentType ?? 'application/json']: response.schema
                ? { schema: response.schema }
                : {},
            },
          }
        : {}),
    };
  }
  const errors: ServerErrorCode[] = [
    ...GUARD_ERRORS,
    ...(method === 'post' ? (['unsupported_media_type'] as const) : []),
    ...(doc.authenticated === false ? [] : (['unauthorized'] as const)),
    ...(doc.errors ?? []),
    'internal_error',
  ];
  for (const [status, codes] of groupByStatus(errors)) {
    const schema = {
      allOf: [
        { $ref: '#/components/schemas/ServerError' },
        { properties: { error: { properties: { code: { enum: codes } } } } },
      ],
    };
    const documented = responses[status] as
      | { description: string; content?: Record<string, { schema?: object }> }
      | undefined;
    const json = documented?.content?.['application/json'];
    // A status the route answers with its own body too (a refused run's 403): either body.
    if (documented && json?.schema) {
      responses[status] = {
        description: `${documented.description}; or error ${codes.join(', ')}`,
        content: { ...documented.content, 'application/json': { schema: { anyOf: [json.schema, schema] } } },
      };
    } else if (!documented) {
      responses[status] = {
        description: `Error ${codes.join(', ')}`,
        content: { 'application/json': { schema } },
      };
    }
  }
  return {
    operationId,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [...doc.tags],
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: doc.body.required ?? false,
            ...(doc.body.description ? { description: doc.body.description } : {}),
            content: { 'application/json': { schema: doc.body.schema } },
          },
        }
      : {}),
    responses,
    ...(doc.authenticated === false ? { security: [] } : { security: [{ apiKey: [] }, {}] }),
  };
}

function parameterList(
  location: 'path' | 'query',
  parameters: Readonly<Record<string, ParameterDoc>> | undefined,
): Record<string, unknown>[] {
  return Object.entries(parameters ?? {}).map(([name, parameter]) => ({
    name,
    in: location,
    description: parameter.description,
    required: location === 'path' ? true : parameter.required === true,
    schema: parameter.schema,
  }));
}

function groupByStatus(codes: readonly ServerErrorCode[]): Map<string, ServerErrorCode[]> {
  const groups = new Map<string, ServerErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = String(SERVER_ERROR_STATUS[code]);
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return groups;
}

/** The document's description: how errors and failed actions are answered. */
export const OPENAPI_DESCRIPTION =
  'One registry of actions over HTTP. A failed action is data (200 with `ok: false`); the server answers its own errors as `{ error: { code, message, hint? } }`.';
