/** One versioned step of the schema; its statements run in order inside the migration transaction. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly statements: readonly string[];
}

/** Every migration of the store, oldest first. Never edit a released one: add a new version instead. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'create store tables',
    statements: [
      `CREATE TABLE agent_actions (
        seq bigserial PRIMARY KEY,
        call_id text NOT NULL,
        parent_call_id text,
        session_id text,
        user_id text,
        tenant_id text,
        action text NOT NULL,
        target_type text,
        target_id text,
        args jsonb,
        outcome text NOT NULL CHECK (outcome IN ('ok', 'error')),
        error_code text,
        error_message text,
        started_at timestamptz NOT NULL,
        ended_at timestamptz NOT NULL,
        duration_ms double precision NOT NULL,
        depth integer NOT NULL DEFAULT 0,
        repaired boolean NOT NULL DEFAULT false,
        replayed boolean NOT NULL DEFAULT false
      )`,
      'CREATE INDEX agent_actions_call ON agent_actions (call_id)',
      'CREATE INDEX agent_actions_session ON agent_actions (session_id, seq)',
      'CREATE INDEX agent_actions_user ON agent_actions (user_id, seq)',
      'CREATE INDEX agent_actions_started ON agent_actions (started_at)',
      `CREATE TABLE pending_approvals (
        id text PRIMARY KEY,
        seq bigserial NOT NULL,
        call_id text NOT NULL,
        action text NOT NULL,
        args jsonb NOT NULL,
        requested_by jsonb,
        context jsonb NOT NULL,
        session_id text,
        idempotency_key text,
        requested_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied')),
        decided_by text,
        decided_at timestamptz,
        reason text
      )`,
      'CREATE INDEX pending_approvals_status ON pending_approvals (status, seq)',
      'CREATE INDEX pending_approvals_session ON pending_approvals (session_id, seq)',
      `CREATE TABLE idempotency_keys (
        key text PRIMARY KEY,
        fingerprint text NOT NULL,
        outcome jsonb,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        expires_at timestamptz NOT NULL
      )`,
      'CREATE INDEX idempotency_keys_expires ON idempotency_keys (expires_at)',
      `CREATE TABLE rate_limits (
        key text PRIMARY KEY,
        points integer NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
      'CREATE INDEX rate_limits_expires ON rate_limits (expires_at)',
      `CREATE TABLE session_history (
        session_id text NOT NULL,
        action text NOT NULL,
        first_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (session_id, action)
      )`,
      `CREATE TABLE conversation_sessions (
        id text PRIMARY KEY,
        seq bigserial NOT NULL,
        user_id text,
        title text,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        message_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX conversation_sessions_user ON conversation_sessions (user_id, seq)',
      `CREATE TABLE chat_messages (
        id text PRIMARY KEY,
        session_id text NOT NULL REFERENCES conversation_sessions (id) ON DELETE CASCADE,
        position integer NOT NULL,
        role text NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
        content text NOT NULL,
        tool_calls jsonb,
        tool_results jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (session_id, position)
      )`,
      `CREATE TABLE documents (
        document_id text NOT NULL,
        id text NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        version integer NOT NULL DEFAULT 1,
        position bigserial NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (document_id, id)
      )`,
      'CREATE INDEX documents_order ON documents (document_id, position)',
      `CREATE TABLE document_counters (
        document_id text NOT NULL,
        prefix text NOT NULL,
        highest integer NOT NULL,
        PRIMARY KEY (document_id, prefix)
      )`,
    ],
  },
  {
    version: 2,
    name: 'idempotency claim tokens',
    statements: [
      // The token of the call holding the key: complete and release only touch the row while it still matches, so
      // a call whose claim expired and was taken over cannot overwrite the newer claim. Rows from before stay NULL.
      'ALTER TABLE idempotency_keys ADD COLUMN claim text',
    ],
  },
  {
    version: 3,
    name: 'approval states and leases',
    statements: [
      // An approval's state machine: pending → approved → running → done | failed | interrupted, denied, expired.
      'ALTER TABLE pending_approvals DROP CONSTRAINT IF EXISTS pending_approvals_status_check',
      `ALTER TABLE pending_approvals ADD CONSTRAINT pending_approvals_status_check CHECK (status IN
        ('pending', 'approved', 'running', 'done', 'failed', 'interrupted', 'denied', 'expired'))`,
      // The run holding an approved or running approval renews its lease; a lapsed one is interrupted.
      'ALTER TABLE pending_approvals ADD COLUMN holder text',
      'ALTER TABLE pending_approvals ADD COLUMN lease_until timestamptz',
      'ALTER TABLE pending_approvals ADD COLUMN outcome jsonb',
      "ALTER TABLE pending_approvals ADD COLUMN history jsonb NOT NULL DEFAULT '[]'::jsonb",
      // Approvals decided before states existed were run when they were decided.
      `UPDATE pending_approvals SET history = jsonb_build_array(jsonb_build_object('status', 'pending',
        'at', to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        || CASE WHEN decided_by IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
          'status', status, 'by', decided_by, 'reason', reason,
          'at', to_char(decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))) END`,
      // A running idempotency key is held on a lease its call renews; the claiming call is named for the audit.
      'ALTER TABLE idempotency_keys ADD COLUMN lease_until timestamptz',
      'ALTER TABLE idempotency_keys ADD COLUMN call_id text',
      // The audit row of a paused call names its approval, who decided and why.
      'ALTER TABLE agent_actions ADD COLUMN approval jsonb',
    ],
  },
  {
    version: 4,
    name: 'audit tool-call ids',
    statements: [
      // The id a model or client gave a call, kept beside the pipeline's own call_id (which a caller never sets).
      'ALTER TABLE agent_actions ADD COLUMN tool_call_id text',
      'CREATE INDEX agent_actions_tool_call ON agent_actions (tool_call_id) WHERE tool_call_id IS NOT NULL',
    ],
  },
  {
    version: 5,
    name: 'paused agent runs',
    statements: [
      // A run that paused on an approval: the state its resume continues from, claimed by one resume at a time.
      `CREATE TABLE agent_runs (
        run_id text PRIMARY KEY,
        session_id text NOT NULL,
        user_id text,
        status text NOT NULL CHECK (status IN ('interrupted', 'resuming', 'resumed', 'cancelled')),
        interrupt_ids jsonb NOT NULL,
        state jsonb NOT NULL,
        holder text,
        position bigserial NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
      'CREATE INDEX agent_runs_session ON agent_runs (session_id, position)',
    ],
  },
  {
    version: 6,
    name: 'agent run leases',
    statements: [
      // A resume holds its run on a lease it renews; once it runs out (the process stopped) another may take over,
      // applying the decisions the first resume carried.
      'ALTER TABLE agent_runs ADD COLUMN lease_until timestamptz',
      'ALTER TABLE agent_runs ADD COLUMN decisions jsonb',
    ],
  },
  {
    version: 7,
    name: 'assistant provider data',
    statements: [
      // What a model provider keeps on an assistant message for its later turns (OpenAI reasoning items …).
      'ALTER TABLE chat_messages ADD COLUMN provider_data jsonb',
    ],
  },
  {
    version: 8,
    name: 'chat message tool-call ids',
    statements: [
      // `findMessages` asks for a session's messages by the ids of the tool calls and results they hold: a GIN index
      // on those ids (the expression `CALL_IDS` of postgres-conversation-store.ts queries), so a long thread is not
      // read row by row. IF NOT EXISTS: a database that was given the index by hand still takes the migration.
      `CREATE INDEX IF NOT EXISTS chat_messages_call_ids ON chat_messages USING gin ((
        jsonb_path_query_array(coalesce(tool_calls, '[]'::jsonb), '$[*].id')
        || jsonb_path_query_array(coalesce(tool_results, '[]'::jsonb), '$[*].toolCallId')))`,
    ],
  },
];
