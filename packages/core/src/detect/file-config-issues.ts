import type { AgentActionsConfig } from './agent-config.js';
import { checkFilePath } from './check-file-path.js';
import { checkRelativePath } from './check-relative-path.js';

/**
 * What `builtin:file` would refuse in `actions.file`, found at load time: an `allowPaths` entry that leaves the folder
 * or points into `.git`, and a `file` (with `{type}` replaced by each configured type) that the policy refuses.
 * Paths are relative to `actions.file`.
 */
export function fileConfigIssues(
  file: NonNullable<AgentActionsConfig['file']>,
  types: readonly string[],
): Array<{ readonly path: Array<string | number>; readonly message: string }> {
  const issues: Array<{ path: Array<string | number>; message: string }> = [];
  const allowPaths = file.allowPaths ?? [];
  allowPaths.forEach((allowed, index) => {
    const checked = checkRelativePath(allowed.replaceAll('{type}', 'type'));
    if (!checked.ok) issues.push({ path: ['allowPaths', index], message: checked.reason });
    else if (checked.path.split('/').some((segment) => segment.toLowerCase() === '.git'))
      issues.push({ path: ['allowPaths', index], message: '.git is never written, even when listed' });
  });
  if (issues.length > 0) return issues;
  const template = file.file ?? (file.format === 'jsonl' ? 'agent-actions.jsonl' : 'agent-actions.md');
  for (const type of types.length > 0 ? types : ['type']) {
    const path = template.replaceAll('{type}', type);
    const checked = checkFilePath(path, {
      ...(file.extensions ? { extensions: file.extensions } : {}),
      allowPaths: allowPaths.map((allowed) => allowed.replaceAll('{type}', type)),
    });
    if (!checked.ok) {
      const shown =
        path === template ? JSON.stringify(path) : `${JSON.stringify(template)} (as ${JSON.stringify(path)})`;
      issues.push({
        path: file.file ? ['file'] : ['extensions'],
        message: `builtin:file would refuse ${shown}: ${checked.reason}`,
      });
      break;
    }
  }
  return issues;
}
