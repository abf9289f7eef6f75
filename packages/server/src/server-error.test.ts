import { ERROR_CODES, errorCodes, kernelErrorCodes } from '@affordance/core';
import { describe, expect, it } from 'vitest';
import { SERVER_ERROR_STATUS, ServerError, serverErrorCodes } from './server-error.js';

describe('server error statuses', () => {
  it('take the status of a code core knows from core, and keep no second table for it', () => {
    const coreCodes = new Set<string>([...ERROR_CODES, ...Object.keys(kernelErrorCodes)]);
    const shared = Object.keys(SERVER_ERROR_STATUS).filter((code) => coreCodes.has(code));
    expect(shared.sort()).toEqual([
      'approval_not_pending',
      'forbidden',
      'target_not_found',
      'unknown_approval',
    ]);
    for (const code of shared) {
      const fact =
        code in errorCodes
          ? errorCodes[code as keyof typeof errorCodes]
          : kernelErrorCodes[code as keyof typeof kernelErrorCodes];
      expect(SERVER_ERROR_STATUS[code as keyof typeof SERVER_ERROR_STATUS]).toBe(fact.httpStatus);
    }
    expect(Object.keys(serverErrorCodes).filter((code) => coreCodes.has(code))).toEqual([]);
  });

  it('answer every server-only code with the status of its table row', () => {
    for (const [code, fact] of Object.entries(serverErrorCodes)) {
      expect(SERVER_ERROR_STATUS[code as keyof typeof serverErrorCodes]).toBe(fact.httpStatus);
    }
  });

  it('makes ServerError one of the family, checked without instanceof', () => {
    const error = new ServerError('payload_too_large', 'the body is over 1 MiB');
    expect([error.name, error.code]).toEqual(['ServerError', 'payload_too_large']);
    expect(ServerError.isInstance(error)).toBe(true);
    expect(
      ServerError.isInstance(Object.assign(new Error('x'), { name: 'ServerError', code: 'not_found' })),
    ).toBe(false);
  });
});
