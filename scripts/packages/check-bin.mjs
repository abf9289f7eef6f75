import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { run, startUntil } from './exec.mjs';

const npx = (project, args) => run('npx', ['--no-install', 'affordance', ...args], { cwd: project });

/** `npx affordance --help` prints the commands and exits 0 (it printed nothing through npm's bin symlink). */
export async function checkBin(project) {
  const help = await npx(project, ['--help']);
  const problems = [];
  if (help.code !== 0) problems.push(`exit ${help.code}`);
  for (const text of ['affordance <command> [options]', '  serve', '  list'])
    if (!help.stdout.includes(text))
      problems.push(`--help does not print '${text}':\n${help.stdout}${help.stderr}`);
  return problems;
}

/**
 * `affordance serve` from the installed package, without the demo: it starts with no actions and a hint, `/` is
 * the console's page and its script loads, and SIGTERM stops it with exit 0.
 */
export async function checkServe(project) {
  const data = await mkdtemp(join(project, 'data-'));
  // The bin as npm links it (node_modules/.bin/affordance → dist/bin.js), so SIGTERM reaches the server itself.
  const bin = join(project, 'node_modules', '.bin', 'affordance');
  const server = startUntil(bin, ['serve', '--port', '0', '--data', data], {
    cwd: project,
    // The last line of the banner, so every line before it is in.
    pattern: /running at (http:\/\/\S+?)\/?\s[\s\S]*\n {2}API: .*\n/,
    timeoutMs: 120_000,
  });
  const problems = [];
  try {
    const [, url] = await server.ready;
    const out = server.output.stdout;
    if (!/\b0 actions\b/.test(out)) problems.push(`serve without the demo should have no actions:\n${out}`);
    if (!out.includes('--registry')) problems.push(`serve without a registry prints no hint:\n${out}`);
    const page = await fetch(`${url}/`);
    const html = await page.text();
    if (page.status !== 200 || !/text\/html/.test(page.headers.get('content-type') ?? ''))
      problems.push(`GET / answered ${page.status} ${page.headers.get('content-type')}`);
    if (!html.includes('<div id="root">') || html.includes('not built'))
      problems.push(`GET / is not the console's page:\n${html.slice(0, 400)}`);
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    const asset = script ? await fetch(new URL(script, `${url}/`)) : undefined;
    if (asset?.status !== 200 || !/javascript/.test(asset.headers.get('content-type') ?? ''))
      problems.push(`the console's script ${script} does not load (${asset?.status})`);
  } catch (error) {
    problems.push(`${error.message}\nstdout: ${server.output.stdout}\nstderr: ${server.output.stderr}`);
  } finally {
    server.child.kill('SIGTERM');
  }
  const code = await server.exited;
  if (problems.length === 0 && (code !== 0 || !server.output.stdout.includes('Stopped.')))
    problems.push(`SIGTERM should stop it with exit 0 and "Stopped.", got ${code}:\n${server.output.stdout}`);
  return problems;
}

/** With `@affordance/canvas` installed too, the CLI opens the canvas demo by default. */
export async function checkServeWithDemo(project) {
  const data = await mkdtemp(join(project, 'data-'));
  const list = await npx(project, ['list', '--json', '--data', data]);
  if (list.code !== 0) return [`affordance list exited with ${list.code}:\n${list.stdout}${list.stderr}`];
  const names = JSON.parse(list.stdout).map((entry) => entry.name);
  return names.includes('shape_updateColor') ? [] : [`the demo's actions are missing: ${names.join(', ')}`];
}
