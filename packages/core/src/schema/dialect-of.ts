import type { JsonSchema } from './types.js';

/** The JSON Schema drafts the validators tell apart. */
export type Dialect = 'draft-07' | '2019-09' | '2020-12';

/** The draft a schema declares in `$schema` (draft-07 when it declares none), as both validators read it. */
export function dialectOf(schema: JsonSchema): Dialect {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  return declared.includes('2020-12') ? '2020-12' : declared.includes('2019-09') ? '2019-09' : 'draft-07';
}
