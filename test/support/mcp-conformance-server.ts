// The fixture server the official MCP conformance suite (@modelcontextprotocol/conformance) runs against: a registry
// with the tools its scenarios call by name, and the resources and prompts they read. Run it alone with
// `node --conditions=@affordance/source --import tsx test/support/mcp-conformance-server.ts [port]`.
import { ActionFailure, type AnyAction, createRegistry, defineAction, type Registry } from '@affordance/core';
import { createMemoryEventStore, type MCPSession, mcpSession, type ServeMCPOptions } from '@affordance/mcp';
import { listenMCP } from '@affordance/mcp/node';

/** A 1×1 red PNG. */
const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

/** A tenth of a second of silence as 8 kHz 8-bit mono WAV. */
function silentWav(): string {
  const samples = 800;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]).toString('base64');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sessionOf(ctx: Parameters<typeof mcpSession>[0]): MCPSession {
  const session = mcpSession(ctx);
  if (!session) throw new ActionFailure('unavailable', 'this tool only runs over MCP');
  return session;
}

function tools(): AnyAction[] {
  const noInput = { type: 'object', properties: {}, additionalProperties: false } as const;
  return [
    defineAction({
      name: 'test_simple_text',
      description: 'Returns simple text',
      input: noInput,
      handler: () => 'This is a simple text response for testing.',
    }),
    defineAction({
      name: 'test_image_content',
      description: 'Returns an image',
      input: noInput,
      handler: () => [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }],
    }),
    defineAction({
      name: 'test_audio_content',
      description: 'Returns audio',
      input: noInput,
      handler: () => [{ type: 'audio', data: silentWav(), mimeType: 'audio/wav' }],
    }),
    defineAction({
      name: 'test_embedded_resource',
      description: 'Returns an embedded resource',
      input: noInput,
      handler: () => [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    }),
    defineAction({
      name: 'test_multiple_content_types',
      description: 'Returns text, an image and a resource',
      input: noInput,
      handler: () => [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: '{"test":"data","value":123}',
          },
        },
      ],
    }),
    defineAction({
      name: 'test_tool_with_logging',
      description: 'Logs three lines while it runs',
      input: noInput,
      handler: async (_input, ctx) => {
        const session = sessionOf(ctx);
        await session.log('info', 'Tool execution started');
        await sleep(50);
        await session.log('info', 'Tool processing data');
        await sleep(50);
        await session.log('info', 'Tool execution completed');
        return 'Logging test completed';
      },
    }),
    defineAction<typeof noInput, string>({
      name: 'test_error_handling',
      description: 'Always fails',
      input: noInput,
      handler: () => {
        throw new Error('This tool intentionally returns an error for testing');
      },
    }),
    defineAction({
      name: 'test_tool_with_progress',
      description: 'Reports progress 0, 50 and 100 of 100',
      input: noInput,
      handler: async (_input, ctx) => {
        for (const progress of [0, 50, 100]) {
          ctx.progress({ progress, total: 100 });
          if (progress < 100) await sleep(50);
        }
        return 'Progress test completed';
      },
    }),
    defineAction({
      name: 'test_sampling',
      description: "Asks the client's model",
      input: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
      handler: async (input, ctx) => {
        const answer = await sessionOf(ctx).createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: String(input.prompt) } }],
          maxTokens: 100,
        });
        const text = answer.content.type === 'text' ? answer.content.text : JSON.stringify(answer.content);
        return `LLM response: ${text}`;
      },
    }),
    defineAction({
      name: 'test_elicitation',
      description: 'Asks the person for a username and email',
      input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
      handler: async (input, ctx) => {
        const answer = await sessionOf(ctx).elicitInput({
          message: String(input.message),
          requestedSchema: {
            type: 'object',
            properties: {
              username: { type: 'string', description: "User's response" },
              email: { type: 'string', description: "User's email address" },
            },
            required: ['username', 'email'],
          },
        });
        return `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
      },
    }),
    defineAction({
      name: 'test_elicitation_sep1034_defaults',
      description: 'Asks with a default for every primitive type',
      input: noInput,
      handler: async (_input, ctx) => {
        const answer = await sessionOf(ctx).elicitInput({
          message: 'Please review your profile',
          requestedSchema: {
            type: 'object',
            properties: {
              name: { type: 'string', default: 'John Doe' },
              age: { type: 'integer', default: 30 },
              score: { type: 'number', default: 95.5 },
              status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
              verified: { type: 'boolean', default: true },
            },
          },
        });
        return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
      },
    }),
    defineAction({
      name: 'test_elicitation_sep1330_enums',
      description: 'Asks with every enum variant',
      input: noInput,
      handler: async (_input, ctx) => {
        const answer = await sessionOf(ctx).elicitInput({
          message: 'Pick some options',
          requestedSchema: {
            type: 'object',
            properties: {
              untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
              titledSingle: {
                type: 'string',
                oneOf: [
                  { const: 'value1', title: 'First Option' },
                  { const: 'value2', title: 'Second Option' },
                  { const: 'value3', title: 'Third Option' },
                ],
              },
              legacyEnum: {
                type: 'string',
                enum: ['opt1', 'opt2', 'opt3'],
                enumNames: ['Option One', 'Option Two', 'Option Three'],
              },
              untitledMulti: {
                type: 'array',
                items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
              },
              titledMulti: {
                type: 'array',
                items: {
                  anyOf: [
                    { const: 'value1', title: 'First Choice' },
                    { const: 'value2', title: 'Second Choice' },
                    { const: 'value3', title: 'Third Choice' },
                  ],
                },
              },
            },
          },
        });
        return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
      },
    }),
    defineAction({
      name: 'json_schema_2020_12_tool',
      description: 'Tool with JSON Schema 2020-12 features',
      input: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
        },
        properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
        additionalProperties: false,
      },
      handler: (input) => `Hello ${String(input.name ?? 'there')}`,
    }),
    defineAction({
      name: 'test_reconnection',
      description: 'Closes its SSE stream mid-call; the result arrives after the client reconnects',
      input: noInput,
      handler: async (_input, ctx) => {
        await sleep(50);
        sessionOf(ctx).closeStream();
        await sleep(200);
        return 'Reconnection test completed';
      },
    }),
  ];
}

/** The registry and serve options of the conformance fixture server. */
export function conformanceFixture(): { registry: Registry; options: ServeMCPOptions } {
  const registry = createRegistry({ actions: tools() });
  const options: ServeMCPOptions = {
    serverInfo: { name: 'affordance-conformance', version: '0.1.0' },
    eventStore: createMemoryEventStore(),
    retryInterval: 500,
    resources: [
      {
        uri: 'test://static-text',
        name: 'static-text',
        description: 'A static text resource',
        mimeType: 'text/plain',
        read: () => ({
          contents: [
            {
              uri: 'test://static-text',
              mimeType: 'text/plain',
              text: 'This is the content of the static text resource.',
            },
          ],
        }),
      },
      {
        uri: 'test://static-binary',
        name: 'static-binary',
        description: 'A static binary resource (a PNG)',
        mimeType: 'image/png',
        read: () => ({
          contents: [{ uri: 'test://static-binary', mimeType: 'image/png', blob: RED_PIXEL_PNG }],
        }),
      },
      {
        uri: 'test://watched-resource',
        name: 'watched-resource',
        description: 'A resource clients subscribe to',
        mimeType: 'text/plain',
        read: () => ({
          contents: [
            { uri: 'test://watched-resource', mimeType: 'text/plain', text: 'Watched resource content' },
          ],
        }),
      },
    ],
    resourceTemplates: [
      {
        uriTemplate: 'test://template/{id}/data',
        name: 'template-data',
        description: 'Data for an id',
        mimeType: 'application/json',
        read: (uri, variables) => ({
          contents: [
            {
              uri,
              mimeType: 'application/json',
              text: JSON.stringify({
                id: variables.id,
                templateTest: true,
                data: `Data for ID: ${String(variables.id)}`,
              }),
            },
          ],
        }),
      },
    ],
    prompts: [
      {
        name: 'test_simple_prompt',
        description: 'A simple prompt without arguments',
        get: () => ({
          messages: [
            { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
          ],
        }),
      },
      {
        name: 'test_prompt_with_arguments',
        description: 'A prompt with two arguments',
        arguments: [
          { name: 'arg1', description: 'First test argument', required: true },
          { name: 'arg2', description: 'Second test argument', required: true },
        ],
        get: (args) => ({
          messages: [
            {
              role: 'user',
              content: {
                type: 'text',
                text: `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`,
              },
            },
          ],
        }),
        complete: {
          arg1: (value) => ['paris', 'park', 'party', 'test'].filter((word) => word.startsWith(value)),
        },
      },
      {
        name: 'test_prompt_with_embedded_resource',
        description: 'A prompt embedding a resource',
        arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
        get: (args) => ({
          messages: [
            {
              role: 'user',
              content: {
                type: 'resource',
                resource: {
                  uri: args.resourceUri!,
                  mimeType: 'text/plain',
                  text: 'Embedded resource content for testing.',
                },
              },
            },
            { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
          ],
        }),
      },
      {
        name: 'test_prompt_with_image',
        description: 'A prompt with an image',
        get: () => ({
          messages: [
            { role: 'user', content: { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' } },
            { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
          ],
        }),
      },
    ],
  };
  return { registry, options };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { registry, options } = conformanceFixture();
  const listener = await listenMCP(registry, { ...options, port: Number(process.argv[2] ?? 3000) });
  console.error(`conformance fixture server at ${listener.url}`);
}
