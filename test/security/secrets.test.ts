// Issue 16: secrets planted in a call's arguments and context reach none of the audit rows in PGlite,
// GET /api/approvals, the approval events or anything else on /api/events — read as raw bytes from the real server.
import { createRegistry, defineAction } from '@affordance/core';
import { createPostgresStore, type PostgresStore } from '@affordance/store-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, post } from './audit-server.js';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJwbGFudGVkLWp3dCJ9.c2lnbmF0dXJlLXBsYW50ZWQtMDEyMzQ1Njc4OQ';
const PEM =
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAAplantedpem\n-----END OPENSSH PRIVATE KEY-----';

/** Every planted secret, by where it hides; none may be seen anywhere. */
const PLANTED = {
  githubToken: 'plant-github-token',
  db_password: 'plant-db-password',
  apiToken: 'plant-api-token',
  privateKey: 'plant-private-key',
  auth_token: 'plant-auth-token',
  cookie: 'plant-cookie',
  OPENAI_API_KEY: 'plant-openai-key',
  AWS_SECRET_ACCESS_KEY: 'plant-aws-secret',
  credentials: { user: 'ada', pass: 'plant-credentials-pass' },
  databaseUrl: 'postgres://app:plant-url-password@db.internal:5432/prod',
  note: 'use ghp_plantedGithubClassic0123456789abcdef please',
  openai: 'sk-proj-plantedOpenAIkey0123456789',
  aws: 'AKIAPLANTED123456789',
  jwt: JWT,
  pem: PEM,
  header: 'Bearer plantedBearerToken0123',
  payload: '{"secret": "plant-json-secret", "visible": "json-visible"}',
};
const PLANTED_CONTEXT = {
  session: 'plant-context-session',
  apiKey: 'plant-context-api-key',
  dsn: 'mysql://root:plant-context-dsn@localhost/db',
  theme: 'context-visible',
};
const SECRETS = [
  ...Object.values(PLANTED).flatMap((value) =>
    typeof value === 'string' ? [value] : Object.values(value).filter((text) => text.startsWith('plant')),
  ),
  'ghp_plantedGithubClassic0123456789abcdef',
  'plantedBearerToken0123',
  'plant-url-password',
  'plant-json-secret',
  'signature-planted',
  'plantedpem',
  'plant-context-session',
  'plant-context-api-key',
  'plant-context-dsn',
  'W3-writeOnly-S3cret',
];

let database: PostgresStore;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  database = await createPostgresStore({ dataDir: 'memory://' });
  const input = { type: 'object', properties: { service: { type: 'string' } }, additionalProperties: true };
  const registry = createRegistry({
    store: database,
    actions: [
      defineAction({ name: 'configure', description: 'Configures', input, handler: () => 'configured' }),
      defineAction({
        name: 'deploy',
        description: 'Deploys after approval',
        input,
        approval: 'always',
        handler: () => 'deployed',
      }),
      defineAction({
        name: 'issueKey',
        description: 'Issues an API key to its caller',
        handler: () => ({
          id: 'key-visible',
          apiKey: 'plant-result-api-key',
          note: 'Bearer plantedResultBearer01',
        }),
      }),
      defineAction({
        name: 'login',
        description: 'Logs in',
        input: {
          type: 'object',
          properties: {
            user: { type: 'string' },
            code: { type: 'string', writeOnly: true, pattern: '^[0-9]{6}$' },
          },
        },
        handler: () => 'in',
      }),
    ],
  });
  server = await listen(registry, { store: database, conversations: database.conversations });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** Read `/api/events` as raw text until `done` says it has seen enough (or 10 s pass). */
async function readEvents(url: string, during: () => Promise<void>, done: (text: string) => boolean) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const first = await reader.read();
  text += decoder.decode(first.value);
  await during();
  const deadline = Date.now() + 10_000;
  while (!done(text) && Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((resolve) =>
        setTimeout(() => resolve({ done: true, value: undefined }), 500),
      ),
    ]);
    if (next.value) text += decoder.decode(next.value, { stream: true });
  }
  controller.abort();
  return text;
}

function expectNoSecret(where: string, text: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `${where} holds ${secret}`).toBe(false);
}

describe('planted secrets are nowhere to be seen', () => {
  it('in the audit rows, GET /api/approvals and /api/events', async () => {
    const answers: string[] = [];
    let approvalsText = '';
    const events = await readEvents(
      server.url,
      async () => {
        const body = { args: { service: 'api', ...PLANTED }, context: PLANTED_CONTEXT };
        answers.push((await post(`${server.url}/api/actions/configure/run`, body)).text);
        const paused = await post(`${server.url}/api/actions/deploy/run`, body);
        answers.push(paused.text);
        answers.push(
          (
            await post(`${server.url}/api/actions/login/run`, {
              args: { user: 'ada', code: 'W3-writeOnly-S3cret' },
            })
          ).text,
        );
        const approvals = await fetch(`${server.url}/api/approvals`);
        approvalsText = await approvals.text();
        const id = JSON.parse(paused.text).error.details.approvalId as string;
        answers.push((await post(`${server.url}/api/approvals/${id}`, { decision: 'approve' })).text);
      },
      (text) => text.includes('approval-decided') && (text.match(/event: call-end/g) ?? []).length >= 4,
    );
    const { rows } = await database.db.query<{ row: string }>(
      'SELECT row_to_json(agent_actions)::text AS row FROM agent_actions ORDER BY seq',
    );
    const auditText = rows.map((row) => row.row).join('\n');

    // What is not secret is there: the grep looks at real payloads.
    expect(approvalsText).toContain('json-visible');
    expect(approvalsText).toContain('context-visible');
    expect(approvalsText).toContain('db.internal');
    expect(events).toContain('approval-requested');
    expect(events).toContain('context-visible');
    expect(auditText).toContain('json-visible');
    expect(rows).toHaveLength(4);
    expect(JSON.parse(answers[2]!)).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    expect(JSON.parse(answers[3]!)).toMatchObject({ ok: true, value: 'deployed' });

    expectNoSecret('the audit rows', auditText);
    expectNoSecret('GET /api/approvals', approvalsText);
    expectNoSecret('/api/events', events);
    expectNoSecret('the run answers', answers.join('\n'));
  });

  it('in the call-end events of /api/events, while the caller gets its result whole', async () => {
    let answer = '';
    const events = await readEvents(
      server.url,
      async () => {
        answer = (await post(`${server.url}/api/actions/issueKey/run`, { args: {} })).text;
      },
      (text) => text.includes('event: call-end'),
    );
    const end = events.split('\n\n').find((block) => block.startsWith('event: call-end'));
    expect(end).toContain('key-visible');
    for (const secret of ['plant-result-api-key', 'plantedResultBearer01'])
      expect(end?.includes(secret), `the call-end event holds ${secret}`).toBe(false);
    expect(JSON.parse(answer)).toMatchObject({
      ok: true,
      value: { apiKey: 'plant-result-api-key', note: 'Bearer plantedResultBearer01' },
    });
  });
});
