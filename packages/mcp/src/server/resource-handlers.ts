import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  type ResourceTemplate,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { ProtocolError } from './protocol-error.js';
import { callerOf, type ServeContext, type SessionState } from './serve-context.js';
import {
  listTargetResources,
  readTargetResource,
  TARGET_URI_TEMPLATE,
  targetAccess,
} from './target-resources.js';

/** JSON-RPC code the MCP specification gives an unknown resource. */
export const RESOURCE_NOT_FOUND = -32002;

/** Answer `resources/*`: the configured resources and templates, then the registry's targets; subscriptions. */
export function registerResourceHandlers(shared: ServeContext, session: SessionState): void {
  const { registry, options } = shared;
  const { server } = session;
  const templates = (options.resourceTemplates ?? []).map((template) => ({
    template,
    matcher: new UriTemplate(template.uriTemplate),
  }));

  server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra) => {
    const caller = callerOf(extra, session);
    const fixed = (options.resources ?? []).map(({ read: _read, ...resource }) => resource);
    return { resources: [...fixed, ...(await listTargetResources(registry, options, caller.user))] };
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => {
    const resourceTemplates: ResourceTemplate[] = templates.map(
      ({ template: { read: _read, complete: _complete, ...rest } }) => rest,
    );
    if (targetAccess(registry, options).enabled) {
      resourceTemplates.push({
        uriTemplate: TARGET_URI_TEMPLATE,
        name: 'target',
        description: 'A target (block, row, file …) the actions act on, as read-only JSON',
        mimeType: 'application/json',
      });
    }
    return { resourceTemplates };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const caller = callerOf(extra, session);
    const { uri } = request.params;
    const fixed = options.resources?.find((resource) => resource.uri === uri);
    if (fixed) return fixed.read(caller);
    const target = await readTargetResource(registry, options, uri, caller.user);
    if (target) return target;
    for (const { template, matcher } of templates) {
      const variables = matcher.match(uri);
      if (variables) return template.read(uri, variables, caller);
    }
    throw new ProtocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
  });

  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    session.subscriptions.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    session.subscriptions.delete(request.params.uri);
    return {};
  });
}
