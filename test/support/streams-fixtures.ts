/**
 * Recorded provider streams and AG-UI baselines from test/fixtures, plus an oracle that reads each stream's
 * tool calls the plain way (concatenate the argument text per call, then JSON.parse) to check the assembler.
 * Sources: vercel/ai @ed857f5 `packages/*\/src/**\/__fixtures__` (Apache-2.0); ag-ui-protocol/ag-ui @821b8c2
 * .NET SDK integration baselines (MIT). See the README.md of each folder there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dataRoot = path.resolve(repoRoot, 'test/fixtures');

type Json = Record<string, unknown>;

/** Every `*.chunks.txt` under provider-streams, relative to that folder, sorted. */
export function providerStreamFiles(): string[] {
  const root = path.join(dataRoot, 'provider-streams');
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.chunks.txt'))
    .sort();
}

/** The chunks of one recorded stream, and the line numbers (from 1) that are not JSON. */
export function readChunks(file: string): { chunks: Json[]; unparsable: number[] } {
  const lines = readFileSync(path.join(dataRoot, 'provider-streams', file), 'utf8').split('\n');
  const chunks: Json[] = [];
  const unparsable: number[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      chunks.push(JSON.parse(line) as Json);
    } catch {
      unparsable.push(index + 1);
    }
  });
  return { chunks, unparsable };
}

/** The 40 `*.Response.*` AG-UI event arrays (BOM stripped), by path relative to dotnet-baselines. */
export function aguiBaselines(): Array<{ file: string; events: Json[] }> {
  const root = path.join(dataRoot, 'agui-events/dotnet-baselines');
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => /\.Response\..*\.json$/.test(file))
    .sort()
    .map((file) => ({
      file,
      events: JSON.parse(readFileSync(path.join(root, file), 'utf8').replace(/^\uFEFF/, '')) as Json[],
    }));
}

/** A tool call as the oracle reads it: its argument text when the format sends text, and the parsed input. */
export interface ExpectedCall {
  readonly id: string | undefined;
  readonly name: string;
  readonly text: string | undefined;
  readonly input: unknown;
}

interface Draft {
  id: string | undefined;
  name: string;
  text: string;
  whole?: unknown;
}

const rec = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const finish = (drafts: Draft[]): ExpectedCall[] =>
  drafts.map(({ id, name, text, whole }) =>
    text !== ''
      ? { id, name, text, input: JSON.parse(text) }
      : { id, name, text: undefined, input: whole ?? {} },
  );

function chat(chunks: Json[]): ExpectedCall[] {
  const drafts: Draft[] = [];
  const slots = new Map<string, Draft>();
  for (const chunk of chunks) {
    for (const choice of (chunk.choices as Json[]) ?? []) {
      const calls = (rec(choice.delta).tool_calls as Json[] | undefined) ?? [];
      calls.forEach((call, position) => {
        const slot = `${choice.index ?? 0}:${call.index ?? position}`;
        const fn = rec(call.function);
        let draft = slots.get(slot);
        if (!draft || (call.id && draft.id && call.id !== draft.id)) {
          draft = { id: (call.id as string) || undefined, name: fn.name as string, text: '' };
          drafts.push(draft);
          slots.set(slot, draft);
        }
        draft.text += (fn.arguments as string | undefined) ?? '';
      });
    }
  }
  return finish(drafts);
}

function responses(chunks: Json[]): ExpectedCall[] {
  return chunks
    .filter(
      (chunk) =>
        chunk.type === 'response.output_item.done' &&
        ['function_call', 'mcp_call'].includes(rec(chunk.item).type as string),
    )
    .map((chunk) => {
      const item = rec(chunk.item);
      const text = item.arguments as string;
      return {
        id: (item.call_id ?? item.id) as string,
        name: item.name as string,
        text: text || undefined,
        input: text ? JSON.parse(text) : {},
      };
    });
}

function anthropic(chunks: Json[]): ExpectedCall[] {
  const drafts: Draft[] = [];
  let blocks = new Map<unknown, Draft>();
  const tools = ['tool_use', 'server_tool_use', 'mcp_tool_use'];
  for (const chunk of chunks) {
    if (chunk.type === 'message_start') {
      blocks = new Map();
      for (const block of (rec(chunk.message).content as Json[]) ?? []) {
        if (tools.includes(block.type as string))
          drafts.push({ id: block.id as string, name: block.name as string, text: '', whole: block.input });
      }
    }
    const block = rec(chunk.content_block);
    if (chunk.type === 'content_block_start' && tools.includes(block.type as string)) {
      const draft = { id: block.id as string, name: block.name as string, text: '', whole: block.input };
      drafts.push(draft);
      blocks.set(chunk.index, draft);
    }
    const delta = rec(chunk.delta);
    if (chunk.type === 'content_block_delta' && delta.type === 'input_json_delta') {
      const draft = blocks.get(chunk.index);
      if (draft) draft.text += delta.partial_json as string;
    }
  }
  return finish(drafts);
}

function setPath(root: Json, jsonPath: string, value: unknown, append: boolean): void {
  const steps = jsonPath.slice(1).match(/\.[^.[]+|\[\d+\]/g) ?? [];
  const keys = steps.map((step) => (step.startsWith('[') ? Number(step.slice(1, -1)) : step.slice(1)));
  let target: Record<string | number, unknown> = root;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      target[key] = append ? `${target[key] as string}${value as string}` : value;
      return;
    }
    target[key] ??= typeof keys[index + 1] === 'number' ? [] : {};
    target = target[key] as Record<string | number, unknown>;
  });
}

function gemini(chunks: Json[]): ExpectedCall[] {
  const calls: ExpectedCall[] = [];
  let open: { name: string; args: Json; continuing: Set<string> } | undefined;
  const close = () => {
    if (open) calls.push({ id: undefined, name: open.name, text: undefined, input: open.args });
    open = undefined;
  };
  for (const chunk of chunks) {
    for (const candidate of (chunk.candidates as Json[]) ?? []) {
      for (const part of (rec(candidate.content).parts as Json[]) ?? []) {
        const call = part.functionCall as Json | undefined;
        if (!call) continue;
        const partials = call.partialArgs as Json[] | undefined;
        if (call.name) close();
        if (call.name && !call.willContinue && !partials) {
          calls.push({
            id: call.id as string | undefined,
            name: call.name as string,
            text: undefined,
            input: call.args ?? {},
          });
          continue;
        }
        if (call.name) open = { name: call.name as string, args: {}, continuing: new Set() };
        for (const argument of partials ?? []) {
          const jsonPath = argument.jsonPath as string;
          const value = argument.stringValue ?? argument.numberValue ?? argument.boolValue ?? null;
          setPath(open!.args, jsonPath, value, typeof value === 'string' && open!.continuing.has(jsonPath));
          if (argument.willContinue) open!.continuing.add(jsonPath);
          else open!.continuing.delete(jsonPath);
        }
        if (!call.willContinue && (partials || !call.name)) close();
      }
    }
  }
  close();
  return calls;
}

function byIndex(
  chunks: Json[],
  read: (chunk: Json) => { index: unknown; start?: Draft; text?: string; whole?: unknown } | undefined,
): ExpectedCall[] {
  const drafts: Draft[] = [];
  const open = new Map<unknown, Draft>();
  for (const chunk of chunks) {
    const event = read(chunk);
    if (!event) continue;
    if (event.start) {
      drafts.push(event.start);
      open.set(event.index, event.start);
    }
    const draft = open.get(event.index);
    if (draft && event.text) draft.text += event.text;
    if (draft && event.whole !== undefined) draft.whole = event.whole;
  }
  return finish(drafts);
}

const interactions = (chunks: Json[]) =>
  byIndex(chunks, (chunk) => {
    const step = rec(chunk.step);
    if (chunk.event_type === 'step.start' && step.type === 'function_call') {
      return {
        index: chunk.index,
        start: { id: step.id as string, name: step.name as string, text: '' },
        whole: step.arguments,
      };
    }
    const delta = rec(chunk.delta);
    return chunk.event_type === 'step.delta' && delta.type === 'arguments_delta'
      ? { index: chunk.index, text: delta.arguments as string }
      : undefined;
  });

const bedrock = (chunks: Json[]) =>
  byIndex(chunks, (chunk) => {
    const start = rec(rec(rec(chunk.contentBlockStart).start).toolUse);
    if (start.name)
      return {
        index: rec(chunk.contentBlockStart).contentBlockIndex,
        start: { id: start.toolUseId as string, name: start.name as string, text: '' },
      };
    const delta = rec(chunk.contentBlockDelta);
    const input = rec(rec(delta.delta).toolUse).input;
    return typeof input === 'string' ? { index: delta.contentBlockIndex, text: input } : undefined;
  });

const cohere = (chunks: Json[]) =>
  byIndex(chunks, (chunk) => {
    const call = rec(rec(rec(chunk.delta).message).tool_calls);
    const fn = rec(call.function);
    if (chunk.type === 'tool-call-start')
      return {
        index: chunk.index,
        start: { id: call.id as string, name: fn.name as string, text: (fn.arguments as string) ?? '' },
      };
    return chunk.type === 'tool-call-delta'
      ? { index: chunk.index, text: fn.arguments as string }
      : undefined;
  });

/** The tool calls of a recorded stream, read by the plain method for its format. */
export function expectedCalls(format: string, chunks: Json[]): ExpectedCall[] {
  switch (format) {
    case 'openai-chat':
      return chat(chunks);
    case 'openai-responses':
      return responses(chunks);
    case 'anthropic':
      return anthropic(chunks);
    case 'gemini':
      return gemini(chunks);
    case 'gemini-interactions':
      return interactions(chunks);
    case 'bedrock':
      return bedrock(chunks);
    case 'cohere':
      return cohere(chunks);
    default:
      throw new Error(`no oracle for ${format}`);
  }
}
