#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AffordanceError } from '@affordance/core';
import { type CliIO, EXIT, processIO, UsageError } from './cli/cli-io.js';
import type { Command } from './cli/command.js';
import { CommandFailure } from './cli/command-options.js';
import { agentCommand } from './cli/commands/agent-command.js';
import { approvalsCommand } from './cli/commands/approvals-command.js';
import { auditCommand } from './cli/commands/audit-command.js';
import { callCommand } from './cli/commands/call-command.js';
import { dbCommand } from './cli/commands/db-command.js';
import { listCommand } from './cli/commands/list-command.js';
import { mcpCommand } from './cli/commands/mcp-command.js';
import { parseCommandSpec } from './cli/commands/parse-command.js';
import { promptCommand } from './cli/commands/prompt-command.js';
import { serveCommand } from './cli/commands/serve-command.js';
import { toolsCommand } from './cli/commands/tools-command.js';

/** Every command of the `affordance` CLI, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  serveCommand,
  listCommand,
  callCommand,
  toolsCommand,
  promptCommand,
  parseCommandSpec,
  auditCommand,
  approvalsCommand,
  mcpCommand,
  agentCommand,
  dbCommand,
];

const FOLDER_LOCKED_HINT = `  hint: call, list and audit can act through that server instead: add --server <its URL>, e.g.
        affordance call <name> --args '{…}' --server http://127.0.0.1:4000
        (with API keys, put yours in AFFORDANCE_API_KEY)
`;

// A StoreError of code 'locked': another process holds the PGlite folder (checked by the family brand, so --help
// need not load the store package).
function isFolderLocked(error: unknown): error is Error {
  return AffordanceError.isInstance(error) && error.name === 'StoreError' && error.code === 'locked';
}

const COMMON = `
common options:
  --data <dir>         data folder (default $AFFORDANCE_DATA or ./.affordance; $DATABASE_URL for a Postgres server)
  --registry <module>  a module exporting \`registry\` or \`actions\` (.js, or .ts loaded through tsx)
  --config <file>      config file (default ./affordance.config.json, .js or .ts)
  --json               machine-readable output
  -h, --help           this help
colour only on a terminal (NO_COLOR turns it off, FORCE_COLOR on); progress lines only when stderr is a terminal
exit codes: 0 ok, 1 an action or check failed, 2 a wrong command line or config, 3 could not work (database,
  port, crash; AFFORDANCE_DEBUG=1 prints the stack)`;

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const lines = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `affordance <command> [options]\n\ncommands:\n${lines.join('\n')}\n${COMMON}\n`;
}

/** Run the CLI on `argv` (without node and the script) and answer the exit code. */
export async function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out)(mainHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`Unknown command '${name}'.\n\n${mainHelp()}`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.usage}\n${COMMON}\n`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`affordance ${command.name}: ${error.message}\n\nusage: ${command.usage}\n`);
      return EXIT.usage;
    }
    if (error instanceof CommandFailure) {
      io.err(`${error.message}\n`);
      return EXIT.failed;
    }
    if (isFolderLocked(error)) {
      io.err(`affordance ${command.name}: ${error.message}.\n${FOLDER_LOCKED_HINT}`);
      return EXIT.error;
    }
    const detail = process.env.AFFORDANCE_DEBUG ? ((error as Error)?.stack ?? String(error)) : String(error);
    io.err(`affordance ${command.name} failed: ${detail}\n`);
    return EXIT.error;
  }
}

/** Run the CLI on this process's arguments and set its exit code (what the `affordance` bin does). */
export function runCli(): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = EXIT.error;
    },
  );
}

/**
 * Whether this module is the script node was started with. Both sides are resolved through symlinks: npm starts
 * a bin through `node_modules/.bin/affordance`, a link to the file, so a plain URL comparison never matches.
 */
export function isEntryScript(moduleUrl: string, script: string | undefined): boolean {
  if (!script) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(script);
  } catch {
    return false;
  }
}

if (isEntryScript(import.meta.url, process.argv[1])) runCli();
