import type { AnyAction, Logger, RateLimitRule, Registry } from '@affordance/core';
import type { ToolWarning } from '@affordance/core/formats';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Implementation, Tool } from '@modelcontextprotocol/sdk/types.js';

/** Where the remote server is: a Streamable HTTP URL, or a command to spawn and talk to over stdio. */
export type MCPSource =
  | { readonly url: string | URL }
  | {
      readonly command: string;
      readonly args?: readonly string[];
      readonly env?: Readonly<Record<string, string>>;
      readonly cwd?: string;
      /** What to do with the child's stderr (default `inherit`). */
      readonly stderr?: 'inherit' | 'pipe' | 'ignore';
    };

/** The approval rule of an imported tool: never, always, or a predicate over the call's input. */
export type ImportedApproval =
  | 'never'
  | 'always'
  | ((call: { readonly input: unknown }) => boolean | Promise<boolean>);

/** Pipeline settings for imported tools: who may run them, approval, rate limits and time limit. */
export interface ImportedToolSettings {
  readonly roles?: readonly string[];
  readonly approval?: ImportedApproval;
  readonly rateLimit?: RateLimitRule | readonly RateLimitRule[];
  readonly timeoutMs?: number;
}

/** What a refresh changed, by local action name. */
export interface ImportChange {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly replaced: readonly string[];
}

/** Options of `importMCP`. Settings given at the top apply to every tool; `tools` overrides them per tool. */
export interface ImportMCPOptions extends ImportedToolSettings {
  /** Prefix of the local names: remote `read_file` becomes `<namespace>_read_file`. */
  readonly namespace: string;
  /** HTTP headers sent with every request (e.g. `Authorization`). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * HTTP: sign in to a server that requires OAuth (MCP authorization) with the MCP SDK's auth provider, e.g. its
   * `ClientCredentialsProvider` (`@modelcontextprotocol/sdk/client/auth-extensions.js`): on 401 the transport finds
   * the authorization server from the resource metadata, gets a token for the server's URL and retries.
   */
  readonly authProvider?: OAuthClientProvider;
  /** Register the actions here, and keep them in step with the server's tool list. */
  readonly registry?: Registry;
  /** Per remote tool name: settings, or false to leave the tool out. */
  readonly tools?: Readonly<Record<string, ImportedToolSettings | false>>;
  /** Keep only the tools this accepts. */
  readonly include?: (tool: Tool) => boolean;
  /** Re-list on `notifications/tools/list_changed` (default true). */
  readonly followChanges?: boolean;
  readonly clientInfo?: Implementation;
  /** Called after a refresh changed the actions (also for changes that came from `list_changed`). */
  readonly onChange?: (change: ImportChange) => void;
  /** Tools left out or changed to fit (unsafe regexes, broken schemas, name clashes); default: `logger.warn`. */
  readonly onWarning?: (warning: ToolWarning) => void;
  readonly logger?: Logger;
}

/** A connected remote server whose tools are actions. */
export interface ImportedMCP {
  /** The current actions, one per imported tool. */
  readonly actions: readonly AnyAction[];
  /** The client, for what actions do not cover (resources, prompts). */
  readonly client: Client;
  /** List the remote tools again and apply the difference. */
  refresh(): Promise<ImportChange>;
  /** Close the connection (and stop the child process); actions registered by the import are unregistered. */
  close(): Promise<void>;
}
