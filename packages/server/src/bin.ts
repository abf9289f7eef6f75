#!/usr/bin/env node
// The `affordance` bin: always runs the CLI, however it was reached (a symlink in node_modules/.bin, a shim, npx).
import { runCli } from './cli.js';

runCli();
