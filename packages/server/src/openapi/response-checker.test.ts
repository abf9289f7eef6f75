import { describe, expect, it } from 'vitest';
import { openAPIDocument } from './openapi-document.js';
import { responseChecker } from './response-checker.js';
import { schemaRef } from './schemas.js';

const document = openAPIDocument(
  [
    {
      method: 'get',
      path: '/api/things/:id',
      operationId: 'getThing',
      summary: 'A thing',
      tags: ['things'],
      responses: {
        200: {
          description: 'ok',
          schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        },
        201: { description: 'ran', schema: schemaRef('RunResult') },
      },
      errors: ['not_found'],
    },
  ],
  { title: 'test', version: '0' },
);
const check = responseChecker(document);
const answer = (status: number, body: unknown, contentType = 'application/json') => ({
  method: 'GET',
  path: '/api/things/t-1',
  status,
  contentType,
  body,
});

describe('responseChecker', () => {
  it('accepts an answer that matches its documented schema, shared components included', () => {
    expect(check(answer(200, { id: 't-1' }))).toEqual([]);
    expect(check(answer(404, { error: { code: 'not_found', message: 'no thing' } }))).toEqual([]);
    expect(
      check(answer(201, { ok: true, value: 1, callId: 'c', name: 'n', durationMs: 1, modelOutput: '1' })),
    ).toEqual([]);
  });

  it('names what departs: the body, the error code, the status, the media type and the route', () => {
    expect(check(answer(200, { id: 5 }))).toEqual([
      expect.stringMatching(/GET \/api\/things\/t-1 → 200: \/id /),
    ]);
    expect(check(answer(404, { error: { code: 'target_not_found', message: 'x' } })).length).toBeGreaterThan(
      0,
    );
    expect(
      check(answer(201, { ok: false, callId: 'c', name: 'n', durationMs: 1, modelOutput: '' })).length,
    ).toBeGreaterThan(0);
    expect(check(answer(409, {}))).toEqual(['GET /api/things/t-1 → 409: the status is not documented']);
    expect(check(answer(200, 'hi', 'text/plain'))).toEqual([
      'GET /api/things/t-1 → 200: answered text/plain, documented application/json',
    ]);
    expect(check({ ...answer(200, {}), path: '/api/other' })).toEqual([
      'GET /api/other → 200: the route is not documented',
    ]);
  });
});
