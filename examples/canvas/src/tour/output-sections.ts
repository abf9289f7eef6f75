import { TOOL_FORMATS } from '@affordance/core';
import { DEMO_USERS } from '../create-canvas-registry.js';
import type { TourContext } from './tour-context.js';

const editor = DEMO_USERS.editor;

function toolName(tool: unknown): string | undefined {
  if (typeof tool !== 'object' || tool === null) return undefined;
  const record = tool as { name?: unknown; function?: { name?: unknown } };
  const name = record.function?.name ?? record.name;
  return typeof name === 'string' ? name : undefined;
}

/** One action as an OpenAI tool, and how many tools each provider format gets. */
export function showTools({ registry, print }: TourContext): void {
  print.heading('Tool definitions');
  const tools = registry.tools({ format: 'openai', target: 'shape:shape-1', user: editor });
  const tool = tools.find((candidate) => toolName(candidate) === 'shape_updateColor');
  print.line('shape_updateColor as an OpenAI tool (blockId is injected as a required parameter):', 1);
  for (const line of JSON.stringify(tool, null, 2).split('\n')) print.line(print.style('code', line), 2);
  print.line();
  const counts = TOOL_FORMATS.map((format) => {
    const set = registry.toolSet({ format, user: editor });
    const warnings = set.warnings.length > 0 ? `, ${set.warnings.length} warnings` : '';
    return `${format} ${set.tools.length}${warnings}`;
  });
  print.line(`Tools for ${editor.id}, per format: ${counts.join(' · ')}`, 1);
  const viewerCount = registry.toolSet({ format: 'openai', user: DEMO_USERS.viewer }).tools.length;
  print.line(print.style('dim', `(a viewer gets ${viewerCount}: only the read-only describe actions)`), 1);
}

/** What the audit log kept of the tour's calls. */
export async function showAudit({ registry, print }: TourContext): Promise<void> {
  print.heading('Audit log');
  const { records } = await registry.store.audit.query({ limit: 100 });
  const failed = records.filter((record) => record.outcome === 'error');
  print.line(
    `${records.length} calls recorded: ${records.length - failed.length} ok, ${failed.length} failed`,
    1,
  );
  for (const record of [...records].reverse()) {
    const outcome =
      record.outcome === 'ok' ? print.style('ok', 'ok') : print.style('fail', record.errorCode ?? 'error');
    const target = record.target ? ` on ${record.target.id}` : '';
    print.line(`${(record.userId ?? '-').padEnd(4)} ${record.name}${target}: ${outcome}`, 2);
  }
}
