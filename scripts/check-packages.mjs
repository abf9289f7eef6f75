#!/usr/bin/env node
// The packages as a user installs them: pack every public workspace, lint the tarballs (publint, are-the-types-
// wrong), install them into an empty project from the local files (their dependencies come from the npm registry),
// then compile and run the README's "Five minutes" under strict TypeScript, import every entry point, and start the
// `affordance` bin. Run after `npm run build`; exits 1 when any check fails. `--keep` leaves the project for a look.
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBin, checkServe, checkServeWithDemo } from './packages/check-bin.mjs';
import { checkEntryPoints, checkFiveMinutes, checkPackageExamples } from './packages/check-types.mjs';
import {
  installProject,
  lintTarball,
  packWorkspace,
  pinnedFromRepository,
} from './packages/pack-and-install.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const failures = [];

async function step(title, work) {
  process.stdout.write(`-- ${title}\n`);
  try {
    const problems = (await work()) ?? [];
    for (const problem of problems) failures.push(`${title}: ${problem}`);
    process.stdout.write(
      problems.length === 0 ? '   ok\n' : `${problems.map((p) => `   ✗ ${p}`).join('\n')}\n`,
    );
  } catch (error) {
    failures.push(`${title}: ${error?.stack ?? error}`);
    process.stdout.write(`   ✗ ${error?.stack ?? error}\n`);
  }
}

const rootManifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const folder = await mkdtemp(join(tmpdir(), 'affordance-packages-'));
const tarballs = join(folder, 'tarballs');
const project = join(folder, 'project');
await mkdir(tarballs);
await mkdir(project);

try {
  const packed = [];
  await step('npm pack every public workspace', async () => {
    const problems = [];
    for (const workspace of await publicWorkspaces(rootManifest.workspaces)) {
      const result = await packWorkspace(root, workspace, tarballs);
      packed.push(result);
      problems.push(...result.problems);
    }
    return problems;
  });
  for (const tarball of packed)
    await step(`publint and attw: ${tarball.name}`, () => lintTarball(root, tarball));

  const demo = packed.find((tarball) => tarball.name === '@affordance/canvas');
  const packages = packed.filter((tarball) => tarball !== demo);
  const files = (list) => list.map((tarball) => tarball.file);
  await step('install the tarballs into an empty project (no engine warnings)', async () =>
    installProject(project, [
      ...files(packages),
      ...(await pinnedFromRepository(root, ['typescript', '@types/node'])),
    ]),
  );
  await step("README's Five minutes: strict TypeScript, then run", () => checkFiveMinutes(root, project));
  await step('npx affordance --help', () => checkBin(project));
  await step('affordance serve: console at /, no registry without the demo', () => checkServe(project));
  const extras = await pinnedFromRepository(root, [
    'openai',
    '@anthropic-ai/sdk',
    '@google/genai',
    '@types/react',
    '@ai-sdk/openai',
  ]);
  await step('add the demo and the optional peers (no engine warnings)', () =>
    installProject(project, [...files(demo ? [demo] : []), ...extras], { add: true }),
  );
  const everything = demo ? [...packages, demo] : packages;
  await step('every entry point type-checks under strict and imports', () =>
    checkEntryPoints(project, everything),
  );
  await step("every package README's example type-checks under strict", () =>
    checkPackageExamples(project, everything),
  );
  if (demo)
    await step('with @affordance/canvas installed, the CLI opens the demo', () =>
      checkServeWithDemo(project),
    );
} finally {
  if (process.argv.includes('--keep')) process.stdout.write(`kept ${folder}\n`);
  else await rm(folder, { recursive: true, force: true });
}

if (failures.length > 0) {
  process.stdout.write(
    `\npackage check failed (${failures.length}):\n${failures.map((f) => `- ${f}`).join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write('\npackage check: every check passed\n');

/** The workspaces a user can install: every package.json under the workspace globs that is not private. */
async function publicWorkspaces(globs) {
  const found = [];
  for (const glob of globs) {
    const base = glob.replace(/\/\*$/, '');
    for (const entry of await readdir(join(root, base), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(root, base, entry.name, 'package.json');
      const manifest = await readFile(path, 'utf8').then(JSON.parse, () => undefined);
      if (manifest && !manifest.private) found.push({ name: manifest.name, folder: join(base, entry.name) });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
