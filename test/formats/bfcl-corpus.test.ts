// Data: Berkeley Function Calling Leaderboard v3 (ShishirPatil/gorilla @cd9429c, Apache-2.0), read from
// test/fixtures/bfcl; see its README.md.
import { isDeepStrictEqual } from 'node:util';
import { createRegistry, TOOL_FORMATS, type ToolFormat } from '@affordance/core';
import { omitStrictNulls } from '@affordance/core/formats';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../../packages/core/src/schema/compile-validator.js';
import { BFCL_CATEGORIES, bfclToAction, goldArguments, readBfcl, readBfclAnswers } from '../support/bfcl.js';
import { parametersOf, problemsOf, toolName, withStrictNulls } from '../support/tool-checks.js';

const SLOW = 120_000;

// Gold answers that BFCL's own function definitions refuse, by `<entry> <function>[ <check>]`.
const INVALID_GOLD: Record<string, string> = {
  'simple_363 find_closest':
    'the gold call names find_closest; the entry only offers restaurant_search.find_closest',
  'parallel_multiple_21 linear_regression_fit':
    "x and y are Python expressions ('data[\\'sales\\']'); the schema wants arrays of numbers",
  'parallel_multiple_21 linear_regression_fit strict': 'same call as above',
  'parallel_multiple_21 linear_regression_fit gemini': 'same call as above',
  'parallel_multiple_94 sort_list': 'elements are fruit names; the schema declares an array of integers',
  'parallel_multiple_94 sort_list strict': 'same call as above',
  'parallel_multiple_94 sort_list gemini': 'same call as above',
  'parallel_multiple_26 bank.calculate_balance strict':
    'the call passes `type`, which the function does not declare: the BFCL object is open, strict mode closes it',
};

// biome-ignore lint/suspicious/noExplicitAny: each provider shapes tools differently; tests read them loosely
type AnyTool = Record<string, any>;

describe.each(BFCL_CATEGORIES)('BFCL %s', (category) => {
  const entries = readBfcl(category);
  const answers = readBfclAnswers(category);

  it(
    'converts every function into every format with legal names that map back',
    () => {
      const problems: string[] = [];
      for (const entry of entries) {
        const registry = createRegistry({ actions: entry.function.map(bfclToAction) });
        for (const format of TOOL_FORMATS) {
          const formatted = registry.toolSet({ format });
          expect(formatted.tools).toHaveLength(entry.function.length);
          problems.push(...problemsOf(format, formatted).map((problem) => `${entry.id} ${problem}`));
          for (const tool of formatted.tools as AnyTool[]) {
            const legal = toolName(format, tool);
            const action = registry.get(legal);
            if (!action || action.name !== formatted.names.get(legal))
              problems.push(`${entry.id} ${format} ${legal}: registry.get misses`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
    SLOW,
  );

  it.skipIf(category === 'irrelevance')(
    'accepts every gold answer: through registry.run, and against the OpenAI strict and Gemini schemas',
    async () => {
      const failures: string[] = [];
      for (const entry of entries) {
        const truth = answers.get(entry.id);
        expect(truth, entry.id).toBeDefined();
        const registry = createRegistry({ actions: entry.function.map(bfclToAction) });
        const toolFor = (format: ToolFormat, name: string): AnyTool | undefined => {
          const { tools, names } = registry.toolSet({ format });
          return (tools as AnyTool[]).find((tool) => names.get(toolName(format, tool)) === name);
        };
        for (const call of truth ?? []) {
          for (const [name, params] of Object.entries(call)) {
            const where = `${entry.id} ${name}`;
            const action = registry.get(name);
            if (!action) {
              failures.push(where);
              continue;
            }
            const original = action.inputJsonSchema;
            const args = goldArguments(params, original);
            // Called by the name the model was given, as a model would.
            const openai = toolFor('openai', name)!;
            const result = await registry.run({ name: openai.function.name, args });
            if (!result.ok) failures.push(where);
            if (openai.function.strict) {
              const sent = withStrictNulls(args, original);
              if (!compileJsonSchema(openai.function.parameters, where)(sent))
                failures.push(`${where} strict`);
              if (!isDeepStrictEqual(omitStrictNulls(sent, original), args))
                failures.push(`${where} strict nulls`);
            }
            const gemini = parametersOf('gemini', toolFor('gemini', name)!)!;
            if (!compileJsonSchema(gemini, where)(args)) failures.push(`${where} gemini`);
          }
        }
      }
      const known = Object.keys(INVALID_GOLD).filter((key) => new RegExp(`^${category}_\\d+ `).test(key));
      expect(failures.sort()).toEqual(known.sort());
    },
    SLOW,
  );
});
