import type { AnyAction } from './types.js';

/** The name a model and callers use: `<scope>_<name>` for scoped actions, the name otherwise. */
export function qualifiedName(action: Pick<AnyAction, 'name' | 'scope'>): string {
  return action.scope ? `${action.scope}_${action.name}` : action.name;
}
