import { compileValidator, type Validation } from '@affordance/core';
import { BLOCK_SCHEMAS } from './block-schemas.js';
import { BLOCK_TYPES, type Block, type BlockType, isBlockType } from './blocks.js';

/** Why a document store refused: an unknown id, an id already in use, or a malformed block. */
export class DocumentStoreError extends Error {
  override readonly name = 'DocumentStoreError';
  constructor(
    readonly kind: 'not_found' | 'exists' | 'invalid_block',
    message: string,
  ) {
    super(message);
  }
}

const validators = new Map<BlockType, (value: unknown) => Validation>();

function validatorFor(type: BlockType): (value: unknown) => Validation {
  let validator = validators.get(type);
  if (!validator) {
    // JSON Schema validators are synchronous; only Standard Schemas may answer with a promise.
    validator = compileValidator(BLOCK_SCHEMAS[type], `${type} block`) as (value: unknown) => Validation;
    validators.set(type, validator);
  }
  return validator;
}

/** Return `value` as a block when it matches its type's schema; throws `DocumentStoreError('invalid_block')` otherwise. */
export function checkBlock(value: unknown): Block {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DocumentStoreError('invalid_block', 'a block must be an object with an id and a type');
  }
  const type = (value as { type?: unknown }).type;
  if (!isBlockType(type)) {
    throw new DocumentStoreError(
      'invalid_block',
      `block type must be one of ${BLOCK_TYPES.join(', ')}; got ${JSON.stringify(type) ?? 'nothing'}`,
    );
  }
  const validation = validatorFor(type)(value);
  if (!validation.ok) {
    const id = (value as { id?: unknown }).id;
    const which = typeof id === 'string' ? `${type} block '${id}'` : `${type} block`;
    throw new DocumentStoreError(
      'invalid_block',
      `${which}: ${validation.issues.map((issue) => issue.message).join('; ')}`,
    );
  }
  return value as Block;
}
