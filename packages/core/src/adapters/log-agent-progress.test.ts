import { describe, expect, it } from 'vitest';
import type { Logger, Progress } from '../action/types.js';
import { createRegistry } from '../registry/create-registry.js';
import { fromMCPActionV2, logAgentProgress, type MCPActionV2 } from './index.js';

const syncProfiles: MCPActionV2 = {
  id: 'syncProfiles',
  title: 'Sync profiles',
  description: 'Copy profiles from the HR system',
  applicableRoles: [],
  capabilityTags: [],
  tags: [],
  suggestedPrerequisites: [],
  suggestedPostrequisites: [],
  usesAI: false,
  argsSchema: { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] },
  actionFn: async (request) => {
    request.logAgentProgress?.('Fetched profiles', { total: 2, data: { team: request.args?.team } });
    logAgentProgress(request, 'Wrote profiles', { progress: 2, total: 2, level: 'debug' });
    return { dataForDownstreamPrompt: 'synced 12 profiles' };
  },
};

describe('logAgentProgress (MCP Action Spec v2)', () => {
  it('reaches the actionFn: a structured log record and ctx.progress for every step', async () => {
    const logged: [string, object, string | undefined][] = [];
    const logger = Object.fromEntries(
      (['debug', 'info', 'warn', 'error'] as const).map((level) => [
        level,
        (record: object, message?: string) => logged.push([level, record, message]),
      ]),
    ) as unknown as Logger;
    const registry = createRegistry({ actions: [fromMCPActionV2(syncProfiles)], logger });
    const progress: { toolCallId: string | undefined; progress: Progress }[] = [];
    registry.on('call-progress', (event) =>
      progress.push({ toolCallId: event.toolCallId, progress: event.progress }),
    );
    const result = await registry.run({ name: 'syncProfiles', args: { team: 'core' }, toolCallId: 'tc_1' });
    expect(result).toMatchObject({ ok: true, modelOutput: 'synced 12 profiles' });
    expect(progress).toEqual([
      { toolCallId: 'tc_1', progress: { progress: 1, total: 2, message: 'Fetched profiles' } },
      { toolCallId: 'tc_1', progress: { progress: 2, total: 2, message: 'Wrote profiles' } },
    ]);
    const steps = logged.filter(([, record]) => (record as { action?: string }).action === 'syncProfiles');
    expect(steps).toEqual([
      ['info', { action: 'syncProfiles', callId: result.callId, team: 'core' }, 'Fetched profiles'],
      ['debug', { action: 'syncProfiles', callId: result.callId }, 'Wrote profiles'],
    ]);
  });

  it('does nothing for a request built by hand', () => {
    expect(() => logAgentProgress({ context: {} }, 'alone')).not.toThrow();
  });
});
