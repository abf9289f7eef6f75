import { encodePointer, type OutputUnit } from '@cfworker/json-schema';
import { FORMAT_PREFIX } from './ajv-messages.js';
import { isNode, type SchemaNode } from './schema-walk.js';
import { NUMBER_FORMATS } from './string-formats.js';

/**
 * cfworker checks `format` on strings only; ajv also checks ajv-formats' number formats (`int32`, `int64`, `float`,
 * `double`) on numbers. This finds those refusals along the paths every value takes (`properties`, `items`,
 * `prefixItems`, `allOf`, `$ref`), in cfworker's output shape; inside `anyOf`/`oneOf`/`not`/`if` they are not
 * checked (ajv would).
 */
export function numberFormatErrors(
  node: unknown,
  value: unknown,
  lookup: Record<string, unknown>,
  keywordLocation = '#',
  instanceLocation = '#',
  depth = 0,
): OutputUnit[] {
  if (!isNode(node) || depth > 64) return [];
  const found: OutputUnit[] = [];
  const visit = (child: unknown, item: unknown, keyword: string, instance: string): void => {
    found.push(...numberFormatErrors(child, item, lookup, keyword, instance, depth + 1));
  };
  const absolute = (node as { __absolute_ref__?: string }).__absolute_ref__;
  if (typeof node.$ref === 'string')
    visit(lookup[absolute ?? node.$ref], value, `${keywordLocation}/$ref`, instanceLocation);
  if (Array.isArray(node.allOf)) {
    for (const [index, part] of node.allOf.entries()) {
      visit(part, value, `${keywordLocation}/allOf/${index}`, instanceLocation);
    }
  }
  if (typeof value === 'number' && typeof node.format === 'string') {
    const name = node.format.replace(FORMAT_PREFIX, '');
    if (Object.hasOwn(NUMBER_FORMATS, name) && !NUMBER_FORMATS[name]!(value)) {
      found.push({
        keyword: 'format',
        keywordLocation: `${keywordLocation}/format`,
        instanceLocation,
        error: `Number does not match format "${node.format}".`,
      });
    }
  }
  if (Array.isArray(value)) {
    const tuple = Array.isArray(node.prefixItems)
      ? 'prefixItems'
      : Array.isArray(node.items)
        ? 'items'
        : undefined;
    value.forEach((item, index) => {
      const at = `${instanceLocation}/${index}`;
      if (tuple) visit((node[tuple] as unknown[])[index], item, `${keywordLocation}/${tuple}/${index}`, at);
      else if (isNode(node.items)) visit(node.items, item, `${keywordLocation}/items`, at);
    });
  } else if (isNode(value) && isNode(node.properties)) {
    for (const [key, property] of Object.entries(node.properties as SchemaNode)) {
      if (!Object.hasOwn(value, key)) continue;
      const encoded = encodePointer(key);
      visit(
        property,
        value[key],
        `${keywordLocation}/properties/${encoded}`,
        `${instanceLocation}/${encoded}`,
      );
    }
  }
  return found;
}
