import { AffordanceError, type Registry, type Target } from '@affordance/core';
import { UsageError } from './cli-io.js';

/** A command that ran but could not do what was asked (code `command_failed`, exit 1); stderr gets the message. */
export class CommandFailure extends AffordanceError<'command_failed'> {
  static override readonly errorName = 'CommandFailure';
  constructor(message: string, options?: { cause?: unknown }) {
    super('command_failed', message, options);
  }
}

/** `--<name> n` as a positive integer, or undefined when the option is absent; anything else is a usage error. */
export function positiveIntegerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`--${name} must be a positive integer`);
  return number;
}

/** The target `--target type:id` names, or undefined without the option; one that does not exist fails the command. */
export async function targetOption(
  registry: Registry,
  text: string | undefined,
): Promise<Target | undefined> {
  if (!text) return undefined;
  const target = await registry.resolveTarget(text);
  if (!target) throw new CommandFailure(`There is no target ${text}.`);
  return target;
}
