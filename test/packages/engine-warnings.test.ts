import { describe, expect, it } from 'vitest';
import { engineWarnings } from '../../scripts/packages/pack-and-install.mjs';

// What npm 11 printed when @affordance/core pulled in a package that needs Node 22 (through @octokit/core).
const INSTALL_OUTPUT = `npm warn EBADENGINE Unsupported engine {
npm warn EBADENGINE   package: 'content-type@3.1.1',
npm warn EBADENGINE   required: { node: '>=22' },
npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '11.19.1' }
npm warn EBADENGINE }

added 172 packages in 11s`;

describe('the install check reads engine warnings', () => {
  it('names each package npm warned about and what it requires', () => {
    expect(engineWarnings(INSTALL_OUTPUT)).toEqual([
      { package: 'content-type@3.1.1', required: "{ node: '>=22' }" },
    ]);
  });

  it('finds none in a clean install', () => {
    expect(engineWarnings('added 172 packages in 11s\n')).toEqual([]);
  });
});
