import { toJsonText } from './json-text.js';
import type { SqlClient, SqlDatabase } from './sql-client.js';
import { StoreError } from './store-error.js';

/** What a document store keeps: a JSON object with a string `id` and `type`. */
export interface StoredDocument {
  readonly id: string;
  readonly type: string;
}

/** What changed, as subscribers hear it (the same union as the canvas demo's `DocumentChange`). */
export type DocumentChange<TDocument extends StoredDocument> =
  | { readonly type: 'block-insert'; readonly block: TDocument }
  | { readonly type: 'block-update'; readonly block: TDocument; readonly previous: TDocument }
  | { readonly type: 'block-remove'; readonly block: TDocument };

/** Which rule a write broke. */
export type DocumentErrorKind = 'not_found' | 'exists' | 'type_change';

/** Options of `createPostgresDocumentStore`. */
export interface PostgresDocumentStoreOptions<TDocument extends StoredDocument> {
  /** Which document's objects this store holds (default `default`); one table keeps many documents. */
  readonly document?: string;
  /** Check (and return) an object before it is written; throw to refuse it. Default: needs string `id` and `type`. */
  readonly check?: (value: unknown) => TDocument;
  /** Prefix of fresh ids per type (`shape` → `shape-4`); default the type itself. */
  readonly idPrefix?: (type: string) => string;
  /** Build the error for a refused write (default `StoreError` with the same kind). */
  readonly error?: (kind: DocumentErrorKind, message: string) => Error;
}

/** The objects of one document in the `documents` table, with the canvas `DocumentStore` methods. */
export interface PostgresDocumentStore<TDocument extends StoredDocument> {
  get(id: string): Promise<TDocument | undefined>;
  /** Every object in insertion order. */
  list(): Promise<readonly TDocument[]>;
  /** Replace an existing object (matched by id); its version goes up by one. */
  save(document: TDocument): Promise<TDocument>;
  /** Add an object at the end, with a fresh id (`<prefix>-<n>`, never reused) when it has none. */
  insert(document: Omit<TDocument, 'id'> & { readonly id?: string }): Promise<TDocument>;
  /** Remove an object; answers it, or undefined when there was none. */
  remove(id: string): Promise<TDocument | undefined>;
  /** Insert `documents` in one transaction when the document is empty; answers how many were inserted. */
  seed(documents: Iterable<TDocument>): Promise<number>;
  /** How many times the object was saved (1 when new), or undefined. */
  versionOf(id: string): Promise<number | undefined>;
  /** Hear every change made through this store object (not other processes'); returns a function that stops. */
  subscribe(listener: (change: DocumentChange<TDocument>) => void): () => void;
}

/** A document store over the `documents` table; objects come back deeply frozen, so edits go through `save`. */
export function createPostgresDocumentStore<TDocument extends StoredDocument = StoredDocument>(
  db: SqlDatabase,
  options: PostgresDocumentStoreOptions<TDocument> = {},
): PostgresDocumentStore<TDocument> {
  const documentId = options.document ?? 'default';
  const check = options.check ?? (defaultCheck as (value: unknown) => TDocument);
  const prefixOf = options.idPrefix ?? ((type: string) => type);
  const refuse =
    options.error ?? ((kind: DocumentErrorKind, message: string) => new StoreError(kind, message));
  const listeners = new Set<(change: DocumentChange<TDocument>) => void>();
  const emit = (change: DocumentChange<TDocument>) => {
    for (const listener of listeners) listener(change);
  };
  if (typeof documentId !== 'string' || documentId === '')
    throw new StoreError('invalid_option', 'document must be a non-empty string');

  const insertWith = async (tx: SqlClient, document: TDocument): Promise<TDocument | undefined> => {
    const { rows } = await tx.query<{ data: TDocument }>(
      `INSERT INTO documents (document_id, id, type, data) VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT (document_id, id) DO NOTHING RETURNING data`,
      [documentId, document.id, document.type, toJsonText(document)],
    );
    if (!rows[0]) return undefined;
    const numbered = /^(.*)-(\d+)$/.exec(document.id);
    if (numbered) {
      await tx.query(
        `INSERT INTO document_counters (document_id, prefix, highest) VALUES ($1, $2, $3)
         ON CONFLICT (document_id, prefix) DO UPDATE SET highest = greatest(document_counters.highest, EXCLUDED.highest)`,
        [documentId, numbered[1], Math.min(Number(numbered[2]), 2_147_483_647)],
      );
    }
    return frozen(rows[0].data);
  };

  return {
    async get(id) {
      const { rows } = await db.query<{ data: TDocument }>(
        'SELECT data FROM documents WHERE document_id = $1 AND id = $2',
        [documentId, id],
      );
      return rows[0] ? frozen(rows[0].data) : undefined;
    },
    async list() {
      const { rows } = await db.query<{ data: TDocument }>(
        'SELECT data FROM documents WHERE document_id = $1 ORDER BY position',
        [documentId],
      );
      return rows.map((row) => frozen(row.data));
    },
    async save(input) {
      const document = check(input);
      const { saved, previous } = await db.transaction(async (tx) => {
        const found = await tx.query<{ data: TDocument }>(
          'SELECT data FROM documents WHERE document_id = $1 AND id = $2 FOR UPDATE',
          [documentId, document.id],
        );
        const before = found.rows[0]?.data;
        if (!before)
          throw refuse('not_found', `there is no object '${document.id}' to save; insert it instead`);
        if (before.type !== document.type) {
          throw refuse(
            'type_change',
            `object '${document.id}' is a ${before.type}; it cannot become a ${document.type}`,
          );
        }
        const { rows } = await tx.query<{ data: TDocument }>(
          `UPDATE documents SET data = $3::jsonb, version = version + 1, updated_at = now()
           WHERE document_id = $1 AND id = $2 RETURNING data`,
          [documentId, document.id, toJsonText(document)],
        );
        return { saved: frozen(rows[0]!.data), previous: frozen(before) };
      });
      emit({ type: 'block-update', block: saved, previous });
      return saved;
    },
    async insert(input) {
      const given = input.id;
      if (given !== undefined && (typeof given !== 'string' || given === '')) {
        throw new StoreError(
          'invalid_input',
          'an id must be a non-empty string, or left out for a fresh one',
        );
      }
      const stored = await db.transaction(async (tx) => {
        if (given !== undefined) {
          const inserted = await insertWith(tx, check({ ...input, id: given }));
          if (!inserted) throw refuse('exists', `an object with the id '${given}' already exists`);
          return inserted;
        }
        const prefix = prefixOf(String(input.type));
        // Ids inserted by hand may sit above the counter; skip them, never reuse one.
        for (let attempt = 0; attempt < 10_000; attempt++) {
          const { rows } = await tx.query<{ highest: number }>(
            `INSERT INTO document_counters (document_id, prefix, highest) VALUES ($1, $2, 1)
             ON CONFLICT (document_id, prefix) DO UPDATE SET highest = document_counters.highest + 1 RETURNING highest`,
            [documentId, prefix],
          );
          const inserted = await insertWith(tx, check({ ...input, id: `${prefix}-${rows[0]!.highest}` }));
          if (inserted) return inserted;
        }
        throw new StoreError('contention', `could not find a free id with the prefix '${prefix}'`);
      });
      emit({ type: 'block-insert', block: stored });
      return stored;
    },
    async remove(id) {
      const { rows } = await db.query<{ data: TDocument }>(
        'DELETE FROM documents WHERE document_id = $1 AND id = $2 RETURNING data',
        [documentId, id],
      );
      if (!rows[0]) return undefined;
      const removed = frozen(rows[0].data);
      emit({ type: 'block-remove', block: removed });
      return removed;
    },
    async seed(documents) {
      const checked = [...documents].map(check);
      return db.transaction(async (tx) => {
        // Lock the document's counters so two processes seeding at once do not both find it empty.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`affordance:documents:${documentId}`]);
        const { rows } = await tx.query('SELECT 1 FROM documents WHERE document_id = $1 LIMIT 1', [
          documentId,
        ]);
        if (rows.length > 0) return 0;
        for (const document of checked) {
          if (!(await insertWith(tx, document)))
            throw refuse('exists', `two seed objects have the id '${document.id}'`);
        }
        return checked.length;
      });
    },
    async versionOf(id) {
      const { rows } = await db.query<{ version: number }>(
        'SELECT version FROM documents WHERE document_id = $1 AND id = $2',
        [documentId, id],
      );
      return rows[0] ? Number(rows[0].version) : undefined;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function defaultCheck(value: unknown): StoredDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new StoreError('invalid_input', 'a document object must be a JSON object with an id and a type');
  }
  const { id, type } = value as { id?: unknown; type?: unknown };
  if (typeof id !== 'string' || id === '' || typeof type !== 'string' || type === '') {
    throw new StoreError('invalid_input', 'a document object needs a non-empty string id and type');
  }
  return value as StoredDocument;
}

function frozen<TValue>(value: TValue): TValue {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) frozen(item);
    Object.freeze(value);
  }
  return value;
}
