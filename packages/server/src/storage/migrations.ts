import type { Sql } from './sql.js';

/**
 * The SQL schema, one migration per version, applied in order on start; a version once shipped never changes. What
 * is stored is the game record of the engine (orders, dice commitments and reveals, events, state hashes): the
 * record is the truth, and anything else can be computed again from it.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'games, steps and every submission',
    sql: `
      CREATE TABLE games (
        id text PRIMARY KEY,
        ruleset text NOT NULL,
        header jsonb NOT NULL,
        header_hash text NOT NULL,
        initial_state_hash text NOT NULL,
        result jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE steps (
        game_id text NOT NULL REFERENCES games(id),
        idx integer NOT NULL CHECK (idx >= 0),
        step_id text NOT NULL,
        turn integer NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'paused', 'resolved')),
        record jsonb NOT NULL,
        PRIMARY KEY (game_id, idx)
      );
      -- Every set of orders a seat ever sent, kept even when a later one replaces it: nothing a player submitted is lost.
      CREATE TABLE submissions (
        id bigserial PRIMARY KEY,
        game_id text NOT NULL REFERENCES games(id),
        step_id text NOT NULL,
        seat text NOT NULL,
        orders jsonb NOT NULL,
        order_hash text NOT NULL,
        via text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX submissions_by_step ON submissions (game_id, step_id, seat, id);
    `,
  },
  {
    version: 2,
    name: 'hosted games: settings, seats and tokens, dice secrets, the outbox, mail received, adjudications',
    sql: `
      -- How a game is hosted. Tokens are kept as SHA-256 hashes: the database never holds a usable token.
      CREATE TABLE game_settings (
        game_id text PRIMARY KEY REFERENCES games(id),
        title text NOT NULL,
        host_email text,
        host_token_hash text NOT NULL,
        public boolean NOT NULL DEFAULT true,
        deadline_hours double precision NOT NULL CHECK (deadline_hours > 0),
        reminder_hours double precision CHECK (reminder_hours > 0),
        no_moves text NOT NULL CHECK (no_moves IN ('standing', 'bot')),
        paused boolean NOT NULL DEFAULT false,
        deadline timestamptz,
        reminded boolean NOT NULL DEFAULT false
      );
      CREATE TABLE seats (
        game_id text NOT NULL REFERENCES games(id),
        seat text NOT NULL,
        email text,
        bot text,
        token_hash text NOT NULL,
        -- Carried in the subject of the seat's mails: with the sender's address, it says whose orders a mail holds.
        mail_token text NOT NULL,
        ready boolean NOT NULL DEFAULT false,
        PRIMARY KEY (game_id, seat)
      );
      CREATE UNIQUE INDEX seats_by_token ON seats (token_hash);
      -- The secret of each step's dice until the step is resolved and the record reveals it.
      CREATE TABLE step_secrets (
        game_id text NOT NULL REFERENCES games(id),
        step_idx integer NOT NULL,
        secret text NOT NULL,
        PRIMARY KEY (game_id, step_idx)
      );
      -- Mails to send, written in the same transaction as what they tell, sent afterwards: none is lost.
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        game_id text REFERENCES games(id),
        kind text NOT NULL,
        to_email text NOT NULL,
        seat text,
        params jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      );
      CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL;
      -- Every mail read from the game mailbox and what became of it.
      CREATE TABLE mail_received (
        id bigserial PRIMARY KEY,
        message_id text,
        from_email text,
        subject text NOT NULL,
        game_id text,
        seat text,
        outcome text NOT NULL,
        body text,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX mail_received_once ON mail_received (message_id) WHERE message_id IS NOT NULL;
      -- One row per step resolved, with the process that did it: a step resolved twice would show here.
      CREATE TABLE adjudications (
        id bigserial PRIMARY KEY,
        game_id text NOT NULL REFERENCES games(id),
        step_idx integer NOT NULL,
        step_id text NOT NULL,
        process text NOT NULL,
        reason text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );
      -- What a player sent, as sent, even when it was refused.
      ALTER TABLE submissions ALTER COLUMN orders DROP NOT NULL;
      ALTER TABLE submissions ALTER COLUMN order_hash DROP NOT NULL;
      ALTER TABLE submissions ADD COLUMN raw text;
      ALTER TABLE submissions ADD COLUMN problems jsonb;
    `,
  },
  {
    version: 3,
    name: 'mails claimed for sending, so that none is sent inside a transaction',
    sql: `
      -- A mail being sent is claimed until then; a process that dies while sending leaves the claim to run out.
      ALTER TABLE outbox ADD COLUMN claimed_until timestamptz;
    `,
  },
  {
    version: 4,
    name: 'texts kept exactly whatever they hold, mails set aside, games stopped when their record no longer replays',
    sql: `
      -- 'json': the text is kept as a JSON string literal (it held a NUL or a broken character, which a text column refuses).
      ALTER TABLE submissions ADD COLUMN raw_encoding text;
      ALTER TABLE mail_received ADD COLUMN body_encoding text;
      -- Why a mail was set aside unhandled (it could not be handled; the host has it here).
      ALTER TABLE mail_received ADD COLUMN note text;
      -- Why a game was stopped (its record no longer replays): a stopped game is never resolved again.
      ALTER TABLE game_settings ADD COLUMN stopped_reason text;
      ALTER TABLE game_settings ADD COLUMN stopped_at timestamptz;
    `,
  },
  {
    version: 5,
    name: "seat tokens for their players alone: bots and open seats hold none, open seats a one-time claim; invitations accepted; the host's acts",
    sql: `
      -- A seat played by a bot, or open, has no token: nobody can read its orders. An open seat has a claim code's hash.
      ALTER TABLE seats ALTER COLUMN token_hash DROP NOT NULL;
      UPDATE seats SET token_hash = NULL WHERE bot IS NOT NULL;
      ALTER TABLE seats ADD COLUMN claim_hash text;
      -- An invited address gets nothing but its invitation until its owner uses the seat (seats before this: accepted).
      ALTER TABLE seats ADD COLUMN accepted boolean NOT NULL DEFAULT true;
      -- What a host did to a game's seats: a player replaced, a seat given to a bot or opened.
      CREATE TABLE host_acts (
        id bigserial PRIMARY KEY,
        game_id text NOT NULL REFERENCES games(id),
        act text NOT NULL,
        seat text,
        detail text,
        at timestamptz NOT NULL DEFAULT now()
      );
      -- The receiving server's Authentication-Results header of a mail (SPF, DKIM, DMARC verdicts), where present.
      ALTER TABLE mail_received ADD COLUMN authentication text;
      -- The mails sent to an address lately: no address gets more than so many an hour.
      CREATE INDEX outbox_sent_to ON outbox (to_email, sent_at) WHERE sent_at IS NOT NULL;
    `,
  },
  {
    version: 6,
    name: "each game's record format, so that games begun in format 1 go on and verify in it",
    sql: `
      -- Games stored before are of format 1; new games are written in the engine's current format (2 binds the history
      -- into the commitments, and who sent each set of orders into the seeds and receipts).
      ALTER TABLE games ADD COLUMN format text NOT NULL DEFAULT 'umpire-record/1';
    `,
  },
  {
    version: 7,
    name: 'a seat is ready of one step and one set of orders',
    sql: `
      -- The step a seat said ready in and the receipt of the orders it confirmed: a ready counts only while that step
      -- is open and those orders are the seat's, so that a late or retried ready never carries into another step.
      ALTER TABLE seats ADD COLUMN ready_step text;
      ALTER TABLE seats ADD COLUMN ready_hash text;
      -- A ready given before: tied to the open step and the seat's latest accepted orders in it, if there are any.
      UPDATE seats s SET
        ready_step = st.step_id,
        ready_hash = (SELECT x.order_hash FROM submissions x WHERE x.game_id = s.game_id AND x.step_id = st.step_id AND x.seat = s.seat AND x.order_hash IS NOT NULL ORDER BY x.id DESC LIMIT 1)
        FROM steps st
        WHERE s.ready AND st.game_id = s.game_id AND st.status <> 'resolved' AND st.idx = (SELECT max(idx) FROM steps WHERE game_id = s.game_id);
      UPDATE seats SET ready = false WHERE ready AND (ready_step IS NULL OR ready_hash IS NULL);
    `,
  },
  {
    version: 8,
    name: 'hosting from the browser: the hosting key a game was hosted with, games ended by their host, seats open in the lobby',
    sql: `
      -- The hash of the hosting key a game was hosted with: the key's holder manages the game from the host page.
      ALTER TABLE game_settings ADD COLUMN hosting_key_hash text;
      CREATE INDEX game_settings_hosting_key ON game_settings (hosting_key_hash) WHERE hosting_key_hash IS NOT NULL;
      -- A game its host ended: nothing more is played, everything is kept.
      ALTER TABLE game_settings ADD COLUMN ended_at timestamptz;
      -- An open seat anyone may take from the lobby (without a claim link).
      ALTER TABLE seats ADD COLUMN lobby boolean NOT NULL DEFAULT false;
    `,
  },
  {
    version: 9,
    name: 'press: messages between seats and announcements to all, who read what, and whether a game has press',
    sql: `
      -- What the seats write to each other. Kept with the game, never in its record: the umpire never reads press as orders.
      CREATE TABLE press (
        id bigserial PRIMARY KEY,
        game_id text NOT NULL REFERENCES games(id),
        from_seat text NOT NULL,
        -- An announcement, to every seat; otherwise the seats in press_recipients alone.
        public boolean NOT NULL,
        body text NOT NULL,
        via text NOT NULL CHECK (via IN ('api', 'email')),
        -- The step open when it was sent (none once the game is over), to say when in the game it was written.
        step_id text,
        turn integer,
        sent_at timestamptz NOT NULL
      );
      CREATE INDEX press_by_game ON press (game_id, id);
      CREATE INDEX press_by_sender ON press (game_id, from_seat, sent_at);
      CREATE TABLE press_recipients (
        press_id bigint NOT NULL REFERENCES press(id),
        game_id text NOT NULL,
        seat text NOT NULL,
        PRIMARY KEY (press_id, seat)
      );
      CREATE INDEX press_recipients_by_seat ON press_recipients (game_id, seat, press_id);
      -- How far a seat has read each of its threads (the correspondents, or 'public'): the rest is unread.
      CREATE TABLE press_reads (
        game_id text NOT NULL REFERENCES games(id),
        seat text NOT NULL,
        thread text NOT NULL,
        read_up_to bigint NOT NULL,
        PRIMARY KEY (game_id, seat, thread)
      );
      -- 'on': messages between seats and announcements; 'public': announcements only; 'off': no press.
      ALTER TABLE game_settings ADD COLUMN press text NOT NULL DEFAULT 'on' CHECK (press IN ('on', 'public', 'off'));
    `,
  },
];

/**
 * The advisory lock key that serializes migration runs on one database ('umpire' in ASCII): several server processes
 * starting at once on one PostgreSQL server take turns, and the later ones find the schema up to date.
 */
export const MIGRATION_LOCK = 0x756d70697265;

/**
 * Apply the migrations the database lacks; returns the versions applied. The run is one transaction that first takes
 * the transaction-level advisory lock MIGRATION_LOCK, so that processes starting at once on one database migrate one
 * after the other: the first applies what is missing, the others wait for its commit and then find nothing to do. A
 * migration that fails leaves the schema as it was (PostgreSQL's DDL is transactional) and the server refuses to start.
 */
export async function migrate(sql: Sql): Promise<number[]> {
  return sql.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}

/** The schema version of a database: the highest migration applied, 0 for none. */
export async function schemaVersion(sql: Sql): Promise<number> {
  const rows = await sql.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  return rows[0]?.v ?? 0;
}
