import {
  type ActionContext,
  type ActionDefinition,
  type AnyAction,
  type Availability,
  type AvailabilityInput,
  defineAction,
  type SchemaLike,
} from '@affordance/core';
import type { Block } from '../model/blocks.js';
import { type DocumentStore, isDocumentStore } from '../store/document-store.js';

/** The app context canvas actions see (selected block, session data …); none of them needs a field of it yet. */
export type CanvasContext = Record<string, unknown>;

/** What every editing action returns: a sentence for the model and the block as it is now. */
export interface BlockResult<TBlock extends Block = Block> {
  readonly message: string;
  readonly block: TBlock;
}

/** The roles of the demo: editors change blocks, viewers may only look. */
export const ROLES = { editor: 'editor', viewer: 'viewer' } as const;

/** Roles allowed to change blocks. */
export const EDITORS: readonly string[] = [ROLES.editor];
/** Roles allowed to read blocks. */
export const READERS: readonly string[] = [ROLES.viewer, ROLES.editor];

/** The reason shown next to every edit of a locked block. */
export const LOCKED_REASON = 'block is locked';

/**
 * `defineAction` with the target typed as one kind of block and `scope` tied to that block's type, so
 * handlers read `ctx.target.color` without casts. The result is typed as a registry holds it (`AnyAction`).
 */
export function blockAction<TBlock extends Block>() {
  return <const TInputSchema extends SchemaLike | undefined = undefined, TOutput = unknown>(
    definition: ActionDefinition<TInputSchema, TOutput, CanvasContext, TBlock> & {
      readonly scope: TBlock['type'];
    },
  ): AnyAction =>
    // Comparing a fully typed Action with AnyAction makes tsc expand the schema types past its depth limit,
    // so the typed definition is handed on untyped; the definition above was already checked.
    defineAnyAction(definition as unknown as AnyDefinition);
}

// biome-ignore lint/suspicious/noExplicitAny: the typed wrapper above keeps the caller's types
type AnyDefinition = ActionDefinition<any, any, any, any>;
const defineAnyAction = defineAction as (definition: AnyDefinition) => AnyAction;

/** `when` for edits: a locked block refuses them with the reason "block is locked". */
export function whenEditable({ target }: AvailabilityInput<CanvasContext, Block>): Availability {
  return target?.locked ? { available: false, reason: LOCKED_REASON } : true;
}

/** The document store a handler saves through (`ctx.services.documents`); throws when it is missing. */
export function documentsOf(ctx: ActionContext<CanvasContext, Block>): DocumentStore {
  const documents = ctx.services.documents;
  if (!isDocumentStore(documents)) {
    throw new Error(
      'ctx.services.documents is not a document store: build the registry with createCanvasRegistry, or pass services: { documents }',
    );
  }
  return documents;
}

/** Save a changed copy of the target through the document store and report it. */
export async function saveBlock<TBlock extends Block>(
  ctx: ActionContext<CanvasContext, TBlock>,
  next: TBlock,
  message: string,
): Promise<BlockResult<TBlock>> {
  const block = (await documentsOf(ctx as ActionContext<CanvasContext, Block>).save(next)) as TBlock;
  return { message, block };
}

/** What the model reads back after an edit: the sentence, then the block as JSON. */
export function blockResultForModel(result: BlockResult): string {
  return `${result.message}\n${JSON.stringify(result.block)}`;
}
