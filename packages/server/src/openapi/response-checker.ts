import { compileValidator, type Validator } from '@affordance/core';
import type { OpenAPIDocument } from './openapi-document.js';

/** One answered request, as a checker sees it. */
export interface CheckedResponse {
  readonly method: string;
  /** The request path (`/api/approvals/ap-1`), matched against the document's templates. */
  readonly path: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly body: unknown;
}

/**
 * A function that says how a response departs from the document: an undocumented route or status, another media
 * type, or a JSON body that fails the documented schema. An empty list means it conforms.
 */
export function responseChecker(document: OpenAPIDocument): (response: CheckedResponse) => string[] {
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const validators = new Map<string, Validator>();
  return (response) => {
    const where = `${response.method.toUpperCase()} ${response.path} → ${response.status}`;
    const template = templates.find((candidate) => candidate.pattern.test(response.path))?.template;
    const operation = template
      ? (document.paths[template]?.[response.method.toLowerCase()] as
          | { responses: Record<string, { content?: Record<string, { schema?: object }> }> }
          | undefined)
      : undefined;
    if (!template || !operation) return [`${where}: the route is not documented`];
    const documented = operation.responses[String(response.status)];
    if (!documented) return [`${where}: the status is not documented`];
    const mediaType = (response.contentType ?? '').split(';')[0]?.trim() ?? '';
    if (!documented.content) return [];
    const media = documented.content[mediaType];
    if (!media)
      return [`${where}: answered ${mediaType}, documented ${Object.keys(documented.content).join(', ')}`];
    if (!media.schema || mediaType !== 'application/json') return [];
    const key = `${template} ${response.method} ${response.status}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = compileValidator(
        {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          components: document.components,
          ...media.schema,
        },
        key,
      );
      validators.set(key, validate);
    }
    const result = validate(structuredClone(response.body));
    if (result instanceof Promise) throw new Error('a documented schema must be JSON Schema');
    return result.ok
      ? []
      : result.issues.map((issue) => `${where}: /${issue.path.join('/')} ${issue.message}`);
  };
}
