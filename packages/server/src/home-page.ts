/**
 * The page served at `/` until the web console is built: what is running, and where the API is. Anyone who can
 * reach the server sees it, so it names no storage path or database host.
 */
export function homePage(options: { readonly actions: number }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Affordance server</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{background:#eee;padding:0 .2em}</style>
</head>
<body>
<h1>Affordance server</h1>
<p>The server is running with ${options.actions} actions.</p>
<p>The web console is not built yet. Meanwhile the API answers:</p>
<ul>
<li><a href="/api/health">/api/health</a> — status</li>
<li><a href="/api/targets">/api/targets</a> — the targets and their state</li>
<li><a href="/api/actions">/api/actions</a> — what can be done (add <code>?target=type:id</code>)</li>
<li><a href="/api/tools?format=openai">/api/tools?format=openai</a> — tool definitions</li>
<li><a href="/api/audit">/api/audit</a> — the audit log</li>
<li><a href="/api/approvals?status=pending">/api/approvals?status=pending</a> — calls waiting for approval</li>
</ul>
<p>Run an action with <code>POST /api/actions/&lt;name&gt;/run</code> and a body <code>{"args": {…}}</code>.</p>
</body>
</html>
`;
}
