import { spawn } from 'node:child_process';

/** npm's variables of the script that started us, which would point npm inside the empty project at our workspaces. */
const INHERITED = /^(npm_config_(workspaces?|include_workspace_root)|npm_package_|npm_lifecycle_)/i;

/** The environment for commands run inside the empty project. */
export function projectEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !INHERITED.test(key)));
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0', ...extra };
}

/** Run a command to its end and answer its exit code and output; never throws for a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? projectEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Start a long-running command and wait until its stdout matches `pattern` (or it exits, or time runs out). */
export function startUntil(command, args, { cwd, env, pattern, timeoutMs }) {
  const child = spawn(command, args, { cwd, env: env ?? projectEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} after ${timeoutMs} ms`)), timeoutMs);
    child.stdout.on('data', (chunk) => {
      output.stdout += chunk;
      const match = pattern.exec(output.stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.stderr.on('data', (chunk) => {
      output.stderr += chunk;
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing ${pattern}`));
    });
  });
  return { child, output, exited, ready };
}
