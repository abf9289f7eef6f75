import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { MCPSource } from './types.js';

const DEFAULT_INFO: Implementation = { name: 'affordance-import', version: '0.1.0' };

/** Connect an SDK client to a remote server over Streamable HTTP (`url`) or stdio (`command`). */
export async function connectClient(
  source: MCPSource,
  options: {
    readonly headers?: Readonly<Record<string, string>>;
    readonly authProvider?: OAuthClientProvider;
    readonly clientInfo?: Implementation;
  },
): Promise<Client> {
  const client = new Client(options.clientInfo ?? DEFAULT_INFO, { capabilities: {} });
  if ('url' in source) {
    const { StreamableHTTPClientTransport } = await import(
      '@modelcontextprotocol/sdk/client/streamableHttp.js'
    );
    const url = typeof source.url === 'string' ? new URL(source.url) : source.url;
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        ...(options.headers ? { requestInit: { headers: { ...options.headers } } } : {}),
        ...(options.authProvider ? { authProvider: options.authProvider } : {}),
      }),
    );
  } else {
    const { StdioClientTransport, getDefaultEnvironment } = await import(
      '@modelcontextprotocol/sdk/client/stdio.js'
    );
    await client.connect(
      new StdioClientTransport({
        command: source.command,
        args: [...(source.args ?? [])],
        // The child gets the SDK's safe default environment plus what the caller adds, never the whole of ours.
        env: { ...getDefaultEnvironment(), ...source.env },
        ...(source.cwd ? { cwd: source.cwd } : {}),
        stderr: source.stderr ?? 'inherit',
      }),
    );
  }
  return client;
}
