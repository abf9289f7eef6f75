import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The page an attacker's site serves: it tries to change the victim server's canvas and decide one of its
 * approvals with what a page on another origin can send without asking (`no-cors` fetches, a CORS fetch that needs
 * a preflight, and form posts of every encoding, one of them `text/plain` shaped to be JSON), then sets
 * `window.attackResults` to what the page could observe.
 */
export function attackPage(victim: string, approvalId: string): string {
  const run = `${victim}/api/actions/shape_updateColor/run`;
  const decide = `${victim}/api/approvals/${encodeURIComponent(approvalId)}`;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Win a prize</title></head>
<body>
<script>
const run = ${JSON.stringify(run)};
const decide = ${JSON.stringify(decide)};
const red = JSON.stringify({ args: { blockId: 'shape-1', color: '#ff0000' } });
const results = {};
function post(form, action, enctype, fields) {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.name = form;
    frame.addEventListener('load', () => resolve('loaded'), { once: true });
    document.body.append(frame);
    const element = document.createElement('form');
    element.method = 'POST';
    element.action = action;
    element.enctype = enctype;
    element.target = form;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      element.append(input);
    }
    document.body.append(element);
    element.submit();
  });
}
async function attack() {
  const settle = (promise) => promise.then((response) => response.type, (error) => 'error: ' + error.name);
  results.noCorsRun = await settle(fetch(run, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'application/json' }, body: red }));
  results.noCorsTextRun = await settle(fetch(run, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: red }));
  results.noCorsDecide = await settle(fetch(decide, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ decision: 'approve' }) }));
  results.corsRun = await settle(fetch(run, { method: 'POST', headers: { 'content-type': 'application/json' }, body: red }));
  results.corsAudit = await settle(fetch(${JSON.stringify(`${victim}/api/audit`)}));
  // A text/plain form whose one field makes the body valid JSON: {"args":{...},"pad":"="}
  results.jsonForm = await post('f1', run, 'text/plain', { '{"args":{"blockId":"shape-1","color":"#ff0000"},"pad":"': '"}' });
  results.urlencodedForm = await post('f2', decide, 'application/x-www-form-urlencoded', { decision: 'approve' });
  results.multipartForm = await post('f3', run, 'multipart/form-data', { args: '{"blockId":"shape-1","color":"#ff0000"}' });
  window.attackResults = results;
}
attack();
</script>
</body></html>`;
}

/** Serve one HTML page at every path on 127.0.0.1 (a free port); answers its URL and how to stop it. */
export async function serveHtml(
  html: () => string,
): Promise<{ readonly port: number; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
