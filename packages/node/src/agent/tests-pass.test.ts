import { describe, expect, it } from 'vitest';
import { checkTestsPass, testsPassValidator } from './tests-pass.js';

const node = JSON.stringify(process.execPath);

describe('tests-pass', () => {
  it('passes when the command exits 0', async () => {
    expect(
      await checkTestsPass({ command: `${node} -e "console.log('12 passed')"`, timeoutMs: 20_000 }),
    ).toEqual({
      ok: true,
      message: `\`${node} -e "console.log('12 passed')"\` passed`,
    });
  });

  it('fails with the exit code and the output tail', async () => {
    const result = await checkTestsPass({
      command: `${node} -e "console.error('1 failed: adds'); process.exit(3)"`,
      timeoutMs: 20_000,
    });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('failed with exit code 3');
    expect(result.message).toContain('1 failed: adds');
  });

  it('kills a command that runs past its time limit, children included', async () => {
    // The command starts a child that would run for a minute and shares its stdout: the result only arrives once
    // every process holding the pipe is gone, so this passes only when the whole process group is stopped.
    const command = `${node} -e "require('child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'inherit' }); console.log('started'); setTimeout(() => {}, 60000)"`;
    const result = await checkTestsPass({ command, timeoutMs: 300 });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('did not finish within 300 ms and was stopped');
    expect(result.message).toContain('started');
  });

  it('stops when the run is aborted, and reads its options from the condition', async () => {
    const controller = new AbortController();
    const pending = testsPassValidator({
      condition: {
        validator: 'tests-pass',
        command: `${node} -e "setTimeout(() => {}, 60000)"`,
        timeoutMs: 60_000,
      },
      signal: controller.signal,
    });
    controller.abort();
    expect(await pending).toEqual({
      ok: false,
      message: expect.stringContaining('was stopped: the run was aborted'),
    });
    expect(
      await testsPassValidator({ condition: { validator: 'tests-pass' }, signal: controller.signal }),
    ).toEqual({
      ok: false,
      message: 'tests-pass: no command was configured',
    });
  });
});
