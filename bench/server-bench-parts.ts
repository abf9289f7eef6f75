/**
 * What the server benches share: the `add` action every contender runs (zod input, one sum), and starting a bench
 * target process that prints `listening <port>` once it answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { defineAction } from '@affordance/core';
import { z } from 'zod';

/** The input of `add`, also what the bare Hono floor parses. */
export const addInput = z.object({ a: z.number(), b: z.number() });

/** `add`: the action every server bench contender runs. */
export const addAction = defineAction({
  name: 'add',
  description: 'Add two numbers',
  input: addInput,
  handler: (args) => ({ sum: args.a + args.b }),
});

/** Start `target` (a TypeScript file, through tsx) with `args`, and answer once it prints `listening <port>`. */
export async function startTarget(options: {
  readonly target: string;
  readonly args?: readonly string[];
  readonly nodeFlags?: readonly string[];
  readonly ipc?: boolean;
}): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeFlags ?? []),
      '--conditions=@affordance/source',
      '--import',
      'tsx',
      options.target,
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit', ...(options.ipc ? (['ipc'] as const) : [])] },
  );
  let seen = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening (\d+)/.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${options.target} exited (${code}) before listening`)));
  });
  return { child, port, output: () => seen };
}
