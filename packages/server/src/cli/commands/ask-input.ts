import { compileValidator } from '@affordance/core';
import type { AgentDecision, AgentInterrupt } from '@affordance/core/agent';
import { type CliIO, paint } from '../cli-io.js';

const TRIES = 3;

type Field = {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly options?: unknown[];
};

/**
 * Ask the person at the terminal what a call asked (`ctx.ask`): field by field for a flat object schema (strings,
 * numbers, booleans, enums), else one JSON answer; an answer outside the schema is explained and asked again, up to
 * three times. Answers undefined when no valid answer came.
 */
export async function askInput(
  io: CliIO & { ask: NonNullable<CliIO['ask']> },
  interrupt: AgentInterrupt,
): Promise<AgentDecision | undefined> {
  io.err(`${paint(io, 'yellow', '?')} ${interrupt.name} asks: ${interrupt.message}\n`);
  const validate = compileValidator(interrupt.responseSchema, `the question of ${interrupt.name}`);
  const fields = flatFields(interrupt.responseSchema);
  for (let attempt = 0; attempt < TRIES; attempt++) {
    let answer: unknown;
    try {
      answer = fields ? await askFields(io, fields) : JSON.parse(await io.ask('Answer (JSON): '));
    } catch (error) {
      io.err(`That is not an answer: ${(error as Error).message}\n`);
      continue;
    }
    const checked = await validate(answer);
    if (checked.ok) return { interruptId: interrupt.id, answer };
    io.err(`That answer does not fit: ${checked.issues.map((issue) => issue.message).join('; ')}\n`);
  }
  return undefined;
}

// The fields of an object schema whose properties are all simple enough to ask one by one.
function flatFields(schema: Readonly<Record<string, unknown>>): Field[] | undefined {
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (schema.type !== 'object' || !properties || typeof properties !== 'object') return undefined;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields: Field[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const options = Array.isArray(property?.enum) ? (property.enum as unknown[]) : undefined;
    const type = typeof property?.type === 'string' ? property.type : options ? 'enum' : undefined;
    if (!type || !['string', 'number', 'integer', 'boolean', 'enum'].includes(type)) return undefined;
    fields.push({ name, type, required: required.has(name), ...(options ? { options } : {}) });
  }
  return fields;
}

async function askFields(io: { ask: (question: string) => Promise<string> }, fields: readonly Field[]) {
  const answer: Record<string, unknown> = {};
  for (const field of fields) {
    const hint = field.options
      ? `one of ${field.options.join(', ')}`
      : field.type === 'boolean'
        ? 'y/n'
        : field.type;
    const optional = field.required ? '' : ', Enter to skip';
    const text = (await io.ask(`  ${field.name} (${hint}${optional}): `)).trim();
    if (text === '' && !field.required) continue;
    answer[field.name] = parseField(field, text);
  }
  return answer;
}

function parseField(field: Field, text: string): unknown {
  if (field.type === 'boolean') return ['y', 'yes', 'true'].includes(text.toLowerCase());
  if (field.type === 'number' || field.type === 'integer') return text === '' ? text : Number(text);
  if (field.options) return field.options.find((option) => String(option) === text) ?? text;
  return text;
}
