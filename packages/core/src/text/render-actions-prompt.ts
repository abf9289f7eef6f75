import { targetParamOf, toolInputSchema } from '../action/tool-input-schema.js';
import type { AnyAction, JsonSchema, TargetRef, User } from '../action/types.js';
import { AffordanceError } from '../errors/action-error.js';
import type { Registry } from '../registry/create-registry.js';
import { actionSyntax, printSyntax, type SyntaxNode } from './action-syntax.js';
import { placeholderText } from './placeholder.js';
import type { ActionTextFormat } from './types.js';

/** Options of `renderActionsPrompt`: the registry, the format, and the filters of `registry.available`. */
export interface RenderActionsPromptOptions {
  readonly registry: Pick<Registry, 'available'> & { readonly targetParam?: string };
  readonly format: ActionTextFormat;
  readonly target?: TargetRef;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  readonly query?: string;
  readonly limit?: number;
  readonly sessionId?: string;
  /** The registry's target id parameter name (default `blockId`). */
  readonly targetParam?: string;
  /** The fence tag of the `fenced` format (default `agent-action`). */
  readonly fenceTag?: string;
}

const DONE: SyntaxNode = { kind: 'object', entries: [['action', { kind: 'literal', value: 'done' }]] };
const RESPONSE_SHAPE: SyntaxNode = {
  kind: 'object',
  entries: [
    ['action', { kind: 'literal', value: 'an action' }],
    ['param1', { kind: 'literal', value: 'a parameter value' }],
    ['param2', { kind: 'literal', value: 'another parameter value' }],
  ],
};

/**
 * Render the "## AVAILABLE ACTIONS" prompt section for models without native tool calling, in gptagent's layout: an
 * intro line; per available action its qualified name, description, syntax built from its tool schema and an
 * example; the `done` action; then the response format rules. The same registry state always gives the same text.
 * An action named `done` in the registry replaces the built-in one.
 */
export function renderActionsPrompt(options: RenderActionsPromptOptions): string {
  if (options.format !== 'json' && options.format !== 'fenced') {
    throw new AffordanceError(
      'invalid_option',
      `renderActionsPrompt: format must be 'json' or 'fenced', not ${JSON.stringify(options.format)}`,
    );
  }
  const tag = options.fenceTag ?? 'agent-action';
  const block = (node: SyntaxNode) =>
    options.format === 'fenced' ? `\`\`\`${tag}\n${printSyntax(node)}\n\`\`\`` : printSyntax(node);
  const targetParam = options.targetParam ?? options.registry.targetParam ?? 'blockId';
  const targetId = idOf(options.target);
  const entries = options.registry.available({
    include: 'available',
    ...(options.target !== undefined ? { target: options.target } : {}),
    ...(options.user ? { user: options.user } : {}),
    ...(options.context ? { context: options.context } : {}),
    ...(options.query !== undefined ? { query: options.query } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
  });
  const intro =
    options.format === 'fenced'
      ? `You can perform the following actions by writing a JSON object inside a \`\`\`${tag} block:`
      : 'You can perform the following actions using JSON:';
  const sections: string[] = [];
  for (const { name, action } of entries) {
    const param = action.scope ? targetParamOf(action, targetParam) : undefined;
    const fixed = param && targetId !== undefined ? { [param]: targetId } : {};
    const lines = [
      `### ${name}`,
      oneParagraph(action.description),
      'Syntax:',
      block(actionSyntax(name, toolInputSchema(action, targetParam), fixed)),
    ];
    const example = exampleOf(
      action,
      name,
      param ? { name: param, id: targetId, schema: toolInputSchema(action, targetParam) } : undefined,
    );
    if (example) lines.push(`Example (${JSON.stringify(example.utterance)}):`, block(example.node));
    sections.push(lines.join('\n'));
  }
  if (!entries.some((entry) => entry.name === 'done')) {
    sections.push(
      ['### done', 'Indicate that you are done with the task.', 'Syntax:', block(DONE)].join('\n'),
    );
  }
  const rules = [
    '## RESPONSE FORMAT (ALWAYS USE THIS FORMAT)',
    '',
    'Explain and describe your reasoning step by step.',
    'Then use the following format to specify the action you want to perform next:',
    '',
    block(RESPONSE_SHAPE),
    '',
    'You must always use exactly one action with the correct syntax per response.',
    'Each response must precisely follow the action syntax.',
  ];
  return [`## AVAILABLE ACTIONS\n${intro}`, ...sections, rules.join('\n')].join('\n\n');
}

function exampleOf(
  action: AnyAction,
  name: string,
  target: { name: string; id: string | undefined; schema: JsonSchema } | undefined,
): { utterance: string; node: SyntaxNode } | undefined {
  const example = action.examples?.find(
    (item): item is { utterance: string; input: Record<string, unknown> } =>
      typeof item === 'object' && item !== null && typeof item.input === 'object' && item.input !== null,
  );
  if (!example) return undefined;
  const entries: Array<readonly [string, SyntaxNode]> = [['action', { kind: 'literal', value: name }]];
  if (target && !(target.name in example.input)) {
    const properties = (target.schema.properties ?? {}) as Record<string, JsonSchema>;
    entries.push([
      target.name,
      target.id !== undefined
        ? { kind: 'literal', value: target.id }
        : {
            kind: 'placeholder',
            text: placeholderText(properties[target.name] ?? {}, target.name, true),
            quoted: true,
          },
    ]);
  }
  for (const [key, value] of Object.entries(example.input)) {
    if (key !== 'action') entries.push([key, { kind: 'literal', value }]);
  }
  return { utterance: example.utterance, node: { kind: 'object', entries } };
}

function idOf(target: TargetRef | undefined): string | undefined {
  if (target === undefined) return undefined;
  if (typeof target === 'string') {
    const colon = target.indexOf(':');
    return colon > 0 ? target.slice(colon + 1) : undefined;
  }
  return typeof target.id === 'string' ? target.id : undefined;
}

function oneParagraph(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
}
