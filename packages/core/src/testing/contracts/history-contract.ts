import { type ContractContext, settle } from './contract-context.js';

/** Session history answers which actions succeeded in a session, each once, sessions kept apart. */
export function historyContract({ api, store, unique }: ContractContext): void {
  const { describe, it, expect } = api;
  describe('session history', () => {
    it('starts empty, remembers each success once, and keeps sessions apart', async () => {
      const session = unique('session');
      const other = unique('session');
      const { history } = store();
      expect([...(await settle(history.succeeded(session)))]).toEqual([]);
      await settle(history.record(session, 'doc_open'));
      await settle(history.record(session, 'doc_open'));
      await settle(history.record(session, 'doc_save'));
      await settle(history.record(other, 'doc_close'));
      expect([...(await settle(history.succeeded(session)))].sort()).toEqual(['doc_open', 'doc_save']);
      expect([...(await settle(history.succeeded(other)))]).toEqual(['doc_close']);
    });
  });
}
