import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run } from './exec.mjs';
import { exampleSnippet, fiveMinutesSnippet, missingOutput, promisedOutputs } from './readme-snippet.mjs';

/** What a user's project would set: strict, unchecked index access, Node's ESM resolution, libraries checked too. */
const COMPILER_OPTIONS = {
  strict: true,
  noUncheckedIndexedAccess: true,
  module: 'nodenext',
  moduleResolution: 'nodenext',
  target: 'es2022',
  skipLibCheck: false,
  types: ['node'],
  jsx: 'react-jsx',
  outDir: 'out',
};

async function compile(project, name, files) {
  const config = `tsconfig.${name}.json`;
  await writeFile(
    join(project, config),
    JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files }, null, 2),
  );
  const tsc = await run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', config], { cwd: project });
  return tsc.code === 0 ? [] : [`tsc (strict, skipLibCheck false) failed:\n${tsc.stdout}${tsc.stderr}`];
}

/** Copy the README's "Five minutes" block into the project, compile it, run it and compare with its `// →` lines. */
export async function checkFiveMinutes(root, project) {
  const snippet = fiveMinutesSnippet(await readFile(join(root, 'README.md'), 'utf8'));
  await writeFile(join(project, 'five-minutes.ts'), snippet);
  const problems = await compile(project, 'five-minutes', ['five-minutes.ts']);
  if (problems.length > 0) return problems;
  const ran = await run(process.execPath, ['out/five-minutes.js'], { cwd: project });
  if (ran.code !== 0) return [`node five-minutes.js exited with ${ran.code}:\n${ran.stdout}${ran.stderr}`];
  const promises = promisedOutputs(snippet);
  if (promises.length === 0) return ['the snippet promises no output (no `// →` lines)'];
  const missing = missingOutput(ran.stdout, promises);
  return missing === undefined
    ? []
    : [`the README says it prints\n${missing}\nbut it printed\n${ran.stdout}`];
}

/** Every `exports` entry of every installed package: its types compile under strict, and Node imports it. */
export async function checkEntryPoints(project, packages) {
  const specifiers = packages.flatMap(({ manifest }) =>
    Object.keys(manifest.exports ?? { '.': {} }).map((path) =>
      path === '.' ? manifest.name : `${manifest.name}/${path.slice(2)}`,
    ),
  );
  const lines = specifiers.map((specifier, index) => `export * as entry${index} from '${specifier}';`);
  await writeFile(join(project, 'entry-points.ts'), `${lines.join('\n')}\n`);
  const problems = await compile(project, 'entry-points', ['entry-points.ts']);
  if (problems.length > 0) return problems;
  const imported = await run(process.execPath, ['out/entry-points.js'], { cwd: project });
  return imported.code === 0 ? [] : [`importing ${specifiers.join(', ')} failed:\n${imported.stderr}`];
}

/** The `## Example` of every installed package's README (as shipped in its tarball) compiles under strict. */
export async function checkPackageExamples(project, packages) {
  const problems = [];
  const files = [];
  for (const { name } of packages) {
    const readme = await readFile(join(project, 'node_modules', name, 'README.md'), 'utf8').catch(() => '');
    const example = exampleSnippet(readme);
    if (!example) {
      problems.push(`${name}'s README has no \`## Example\` with a ts or tsx block`);
      continue;
    }
    const file = `example-${name.replace(/\W+/g, '-').replace(/^-/, '')}.${example.language}`;
    // Each example is a module of its own (top-level await, names that other examples reuse).
    await writeFile(join(project, file), `${example.code}export {};\n`);
    files.push(file);
  }
  return [...problems, ...(await compile(project, 'examples', files))];
}
