import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectEnv, run } from './exec.mjs';

/** Files every package must ship besides its build. */
const REQUIRED = ['package.json', 'README.md', 'LICENSE'];

/** `npm pack` one workspace into `destination`; answers the tarball and what is wrong with its file list. */
export async function packWorkspace(root, workspace, destination) {
  const packed = await run(
    'npm',
    ['pack', '--json', '--workspace', workspace.name, '--pack-destination', destination],
    {
      cwd: root,
      env: projectEnv(),
    },
  );
  if (packed.code !== 0) throw new Error(`npm pack ${workspace.name} failed:\n${packed.stderr}`);
  const [report] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')));
  const files = new Set(report.files.map((file) => file.path));
  const manifest = JSON.parse(await readFile(join(root, workspace.folder, 'package.json'), 'utf8'));
  const problems = REQUIRED.filter((file) => !files.has(file)).map(
    (file) => `${workspace.name} ships no ${file}`,
  );
  if (![...files].some((file) => file.startsWith('dist/')))
    problems.push(`${workspace.name} ships no dist/ (build first)`);
  if (manifest.bin) {
    for (const bin of Object.values(manifest.bin))
      if (!files.has(bin.replace(/^\.\//, '')))
        problems.push(`${workspace.name}: the bin ${bin} is not in the tarball`);
  }
  if (workspace.name === '@affordance/server') {
    if (!files.has('console/index.html'))
      problems.push('@affordance/server ships no console/index.html (the web console)');
    if ([...files].some((file) => file.endsWith('.map') && file.startsWith('console/')))
      problems.push('@affordance/server ships the console source maps');
    if (manifest.dependencies?.['@affordance/canvas'])
      problems.push('@affordance/server depends on the canvas demo');
  }
  return { name: workspace.name, manifest, file: join(destination, report.filename), problems };
}

/** publint (strict, suggestions included) and are-the-types-wrong (ESM-only profile) over one tarball. */
export async function lintTarball(root, tarball) {
  const { publint } = await import('publint');
  const { formatMessage } = await import('publint/utils');
  const bytes = await readFile(tarball.file);
  const { messages } = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    level: 'suggestion',
    strict: true,
  });
  const problems = messages.map(
    (message) => `publint: ${formatMessage(message, tarball.manifest) ?? message.code}`,
  );
  // The packages are ESM only (Node >= 20.19 can require() them): attw's esm-only profile leaves CommonJS out.
  const attw = join(root, 'node_modules', '.bin', 'attw');
  const types = await run(attw, [tarball.file, '--profile', 'esm-only', '--format', 'ascii'], { cwd: root });
  if (types.code !== 0) problems.push(`attw:\n${types.stdout}${types.stderr}`);
  return problems;
}

/** `name@version` of packages as the repository has them installed (TypeScript, Node types, optional peers). */
export async function pinnedFromRepository(root, names) {
  return Promise.all(
    names.map(async (name) => {
      const manifest = JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8'));
      return `${name}@${manifest.version}`;
    }),
  );
}

/**
 * `npm install` tarballs (paths) and registry packages (`name@version`) into the project, creating it on first use,
 * as a user would; any `npm warn EBADENGINE` is a failure: every package must install on Node 20 without one.
 */
export async function installProject(project, specs, { add = false } = {}) {
  if (!add) {
    await writeFile(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'affordance-install-check', private: true, type: 'module' }, null, 2)}\n`,
    );
  }
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=warn', ...specs], {
    cwd: project,
  });
  const output = `${install.stdout}${install.stderr}`;
  if (install.code !== 0) return [`npm install failed:\n${output}`];
  const found = engineWarnings(output);
  if (found.length === 0 && !/EBADENGINE/.test(output)) return [];
  const names = [...new Set(found.map((warning) => warning.package))];
  const lines = found.map(
    (warning) => `${warning.package} requires ${warning.required} (running ${process.version})`,
  );
  // `npm explain`'s first lines name what brought each one in; the rest repeats it for every dependent.
  const why = names.length > 0 ? (await run('npm', ['explain', ...names], { cwd: project })).stdout : output;
  const shown = why
    .split('\n')
    .slice(0, 8 * Math.max(names.length, 1))
    .join('\n');
  return [`npm warn EBADENGINE: ${[...new Set(lines)].join('; ')}\n${shown}`];
}

/** The packages npm warned about with EBADENGINE in an install's output, and the engines each requires. */
export function engineWarnings(output) {
  return [
    ...output.matchAll(/EBADENGINE\s+package: '([^']+)',?\s+npm warn EBADENGINE\s+required: (\{[^}]*\})/g),
  ].map((match) => ({ package: match[1], required: match[2] }));
}
