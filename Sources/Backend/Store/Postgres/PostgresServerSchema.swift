import Postgres

/// The tables and the admission function of kiln-server's PostgreSQL schema, one migration
/// per version, applied by `PostgresServerStore.migrate()` under the migrator's advisory lock
/// (decision 24).
///
/// Times are `double precision` seconds since 1970, as in the SQLite file, so milliseconds
/// survive and both stores compute GCRA on the same numbers.
enum PostgresServerSchema {
  /// Every migration, oldest first.
  static let migrations: [PostgresMigration] = [
    PostgresMigration(
      version: 1, name: "admission, entitlements, grants, webhooks, usage ledger",
      sql: """
        CREATE TABLE admission_counters (
          user_id text PRIMARY KEY,
          arrival double precision
        );
        CREATE TABLE free_usage (
          user_id text NOT NULL,
          bucket text NOT NULL,
          used bigint NOT NULL,
          PRIMARY KEY (user_id, bucket)
        );
        CREATE TABLE entitlements (
          user_id text PRIMARY KEY,
          is_active boolean NOT NULL,
          expires_at double precision,
          fetched_at double precision NOT NULL,
          source text NOT NULL
        );
        CREATE TABLE operator_grants (
          user_id text PRIMARY KEY,
          until double precision NOT NULL,
          granted_at double precision NOT NULL
        );
        CREATE TABLE webhook_events (
          event_id text PRIMARY KEY,
          received_at double precision NOT NULL
        );
        CREATE TABLE usage_ledger (
          sequence bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          request_id text NOT NULL,
          user_id text,
          model text NOT NULL,
          prompt_tokens bigint,
          completion_tokens bigint,
          status text NOT NULL,
          started_at double precision NOT NULL,
          duration_ms bigint NOT NULL,
          upstream_generation_id text
        );
        CREATE INDEX usage_ledger_by_user ON usage_ledger (user_id, sequence);
        \(admitFunction)
        """),
    PostgresMigration(
      version: 2, name: "accounts, sessions, refresh tokens, signing keys, project secret",
      sql: PostgresAccountsSchema.tables + PostgresAccountsSchema.rotateFunction),
    PostgresMigration(
      version: 3, name: "provider identities", sql: PostgresIdentitiesSchema.table),
    PostgresMigration(
      version: 4, name: "the part of Supabase's auth schema sync needs",
      sql: PostgresAuthShimSQL.text),
    PostgresMigration(
      version: 5, name: "sync (supabase/migrations/20261202000000_sync.sql)",
      sql: PostgresSyncMigrationSQL.text),
    PostgresMigration(
      version: 6, name: "an inlinable auth.uid() for row-level security",
      sql: PostgresAuthShimSQL.inlinableUID),
    PostgresMigration(
      version: 7,
      name: "sync lookup indexes (supabase/migrations/20261207000000_sync_lookup_indexes.sql)",
      sql: PostgresSyncLookupIndexesSQL.text),
    PostgresMigration(
      version: 8,
      name:
        "sync times before the year 10000 (supabase/migrations/20261207000001_sync_time_bound.sql)",
      sql: PostgresSyncTimeBoundSQL.text),
    PostgresMigration(
      version: 9,
      name:
        "sync_push by runs of new messages (supabase/migrations/20261207000002_sync_push_runs.sql)",
      sql: PostgresSyncPushRunsSQL.text),
    PostgresMigration(
      version: 10, name: "deleted accounts that may not sync",
      sql: PostgresClosedSyncAccountsSQL.text),
    PostgresMigration(
      version: 11, name: "deleted accounts that may not use the AI routes",
      sql: closedAccountAdmission),
    PostgresMigration(
      version: 12, name: "pull pages bounded in bytes", sql: PostgresSyncPageBytesSQL.text),
  ]

  /// `kiln_admit` refuses a deleted account before it reads or counts anything (decision
  /// 196). The function of version 1 stays as it was, renamed; the new `kiln_admit`, with
  /// the same arguments and answers, asks first whether the account is closed as the sync
  /// routes ask it (its synced rows deleted and no longer an account). Only an id written
  /// as a UUID can name a closed account, so any other subject (an address key, a foreign
  /// token's `sub`) is judged as before without a cast that could fail.
  ///
  /// Accounts keep their id in upper case (`UUID.uuidString`) and tokens and the closed
  /// list in lower case, so "no longer an account" looks the id up in both forms. The sync
  /// routes' `kiln_sync_account_is_open` of step 10 compared one form only and so took an
  /// account whose deletion had not finished for a closed one; it is replaced here with the
  /// same lookup (decision 197).
  static let closedAccountAdmission = """
    ALTER FUNCTION kiln_admit(text, double precision, double precision, double precision,
      bigint, text, double precision, boolean) RENAME TO kiln_admit_open_account;

    CREATE FUNCTION kiln_account_is_closed(p_user text) RETURNS boolean
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      IF p_user !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
        RETURN false;
      END IF;
      RETURN EXISTS (SELECT 1 FROM kiln_closed_sync_accounts WHERE user_id = p_user::uuid)
        AND NOT EXISTS (SELECT 1 FROM auth_users WHERE id IN (upper(p_user), lower(p_user)));
    END
    $$;

    CREATE OR REPLACE FUNCTION kiln_sync_account_is_open(p_user uuid) RETURNS boolean
    LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $fn$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('kiln sync account ' || p_user::text, 0));
      RETURN NOT EXISTS (
        SELECT 1 FROM kiln_closed_sync_accounts
        WHERE user_id = p_user
          AND NOT EXISTS (
            SELECT 1 FROM auth_users
            WHERE id IN (upper(p_user::text), lower(p_user::text))));
    END
    $fn$;

    CREATE FUNCTION kiln_admit(
      p_user text, p_now double precision, p_emission double precision,
      p_period double precision, p_free_limit bigint, p_bucket text,
      p_renewal double precision, p_charge boolean
    ) RETURNS TABLE (outcome text, free_remaining bigint, retry_after double precision)
    LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      IF kiln_account_is_closed(p_user) THEN
        RETURN QUERY SELECT 'account_closed'::text, NULL::bigint, NULL::double precision;
        RETURN;
      END IF;
      RETURN QUERY SELECT * FROM kiln_admit_open_account(
        p_user, p_now, p_emission, p_period, p_free_limit, p_bucket, p_renewal, p_charge);
    END
    $$;
    """

  /// Admission in one round trip: a plpgsql function, called as one statement, so it runs in
  /// that statement's own transaction. It takes a transaction-level advisory lock on the user
  /// (only when charging) before reading, so concurrent admissions of one user, from any
  /// instance, run one after another and each sees the last one's counts (a volatile
  /// function takes a fresh snapshot per query under READ COMMITTED). The lock is released at
  /// commit. The two-integer key space never meets the migrator's single-bigint key.
  ///
  /// It judges as `RateLimit.step` does (the same float8 arithmetic, the same 1e-9
  /// tolerance): the caller passes the emission interval and the period; the free bucket and
  /// its renewal come from `FreePeriod`. NULL `p_emission` means no rate limit, NULL
  /// `p_free_limit` no free allowance. Counters are written only when admitted and charged.
  static let admitFunction = """
    CREATE FUNCTION kiln_admit(
      p_user text, p_now double precision, p_emission double precision,
      p_period double precision, p_free_limit bigint, p_bucket text,
      p_renewal double precision, p_charge boolean
    ) RETURNS TABLE (outcome text, free_remaining bigint, retry_after double precision)
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      v_used bigint;
      v_remaining bigint;
      v_arrival double precision;
      v_next double precision;
    BEGIN
      IF p_charge THEN
        PERFORM pg_advisory_xact_lock(1263747410, hashtext(p_user));
      END IF;
      IF p_free_limit IS NOT NULL THEN
        SELECT f.used INTO v_used FROM free_usage f
          WHERE f.user_id = p_user AND f.bucket = p_bucket;
        v_used := coalesce(v_used, 0);
        IF v_used >= p_free_limit THEN
          RETURN QUERY SELECT 'free_quota_exhausted'::text, NULL::bigint, p_renewal;
          RETURN;
        END IF;
        v_remaining := p_free_limit - v_used - (CASE WHEN p_charge THEN 1 ELSE 0 END);
      END IF;
      IF p_emission IS NOT NULL THEN
        SELECT c.arrival INTO v_arrival FROM admission_counters c WHERE c.user_id = p_user;
        v_next := greatest(coalesce(v_arrival, p_now), p_now) + p_emission;
        IF v_next - p_now > p_period + 1e-9::double precision THEN
          RETURN QUERY SELECT 'rate_limited'::text, NULL::bigint, v_next - p_period - p_now;
          RETURN;
        END IF;
      END IF;
      IF p_charge THEN
        IF p_emission IS NOT NULL THEN
          INSERT INTO admission_counters AS c (user_id, arrival) VALUES (p_user, v_next)
            ON CONFLICT (user_id) DO UPDATE SET arrival = excluded.arrival;
        END IF;
        IF p_free_limit IS NOT NULL THEN
          INSERT INTO free_usage AS f (user_id, bucket, used) VALUES (p_user, p_bucket, 1)
            ON CONFLICT (user_id, bucket) DO UPDATE SET used = f.used + 1;
        END IF;
      END IF;
      RETURN QUERY SELECT 'admitted'::text, v_remaining, NULL::double precision;
    END
    $$;
    """
}

/// The statements the store runs, prepared once per connection.
enum PostgresServerSQL {
  static let admit = PostgresStatement(
    name: "kiln_store_admit",
    sql:
      "SELECT outcome, free_remaining, retry_after FROM kiln_admit($1, $2, $3, $4, $5, $6, $7, $8)"
  )
  /// `admit` with `AdmissionRequest.grantWaivesAllowance`: a grant that has not ended
  /// passes NULL for the free allowance, read in the same statement (one round trip).
  static let admitUnlessGranted = PostgresStatement(
    name: "kiln_store_admit_unless_granted",
    sql: """
      SELECT a.outcome, a.free_remaining, a.retry_after
      FROM (SELECT EXISTS (SELECT 1 FROM operator_grants g
          WHERE g.user_id = $1::text AND $2::double precision < g.until) AS granted) w,
        LATERAL kiln_admit($1::text, $2::double precision, $3::double precision,
          $4::double precision, CASE WHEN w.granted THEN NULL ELSE $5::bigint END,
          CASE WHEN w.granted THEN NULL ELSE $6::text END,
          CASE WHEN w.granted THEN NULL ELSE $7::double precision END, $8::boolean) a
      """
  )
  static let accountClosed = PostgresStatement(
    name: "kiln_store_account_closed", sql: "SELECT kiln_account_is_closed($1)")
  static let reachable = PostgresStatement(
    name: "kiln_store_reachable", sql: "SELECT count(*) FROM schema_migrations")
  static let entitlement = PostgresStatement(
    name: "kiln_store_entitlement",
    sql: "SELECT is_active, expires_at, fetched_at, source FROM entitlements WHERE user_id = $1")
  static let saveEntitlement = PostgresStatement(
    name: "kiln_store_save_entitlement",
    sql: """
      INSERT INTO entitlements (user_id, is_active, expires_at, fetched_at, source)
      SELECT $1::text, $2::boolean, $3::double precision, $4::double precision, $5::text
      WHERE NOT kiln_account_is_closed($1)
      ON CONFLICT (user_id) DO UPDATE SET is_active = excluded.is_active,
        expires_at = excluded.expires_at, fetched_at = excluded.fetched_at,
        source = excluded.source
      """)
  static let grant = PostgresStatement(
    name: "kiln_store_grant",
    sql: """
      INSERT INTO operator_grants (user_id, until, granted_at) VALUES ($1, $2, $3)
      ON CONFLICT (user_id) DO UPDATE SET until = excluded.until,
        granted_at = excluded.granted_at
      """)
  static let revokeGrant = PostgresStatement(
    name: "kiln_store_revoke_grant", sql: "DELETE FROM operator_grants WHERE user_id = $1")
  static let grantExpiry = PostgresStatement(
    name: "kiln_store_grant_expiry", sql: "SELECT until FROM operator_grants WHERE user_id = $1")
  static let webhookEvent = PostgresStatement(
    name: "kiln_store_webhook_event",
    sql: """
      INSERT INTO webhook_events (event_id, received_at) VALUES ($1, $2)
      ON CONFLICT (event_id) DO NOTHING
      """)
  static let recordUsage = PostgresStatement(
    name: "kiln_store_record_usage",
    sql: """
      INSERT INTO usage_ledger (request_id, user_id, model, prompt_tokens, completion_tokens,
        status, started_at, duration_ms, upstream_generation_id)
      VALUES ($1, CASE WHEN kiln_account_is_closed($2) THEN NULL ELSE $2 END,
        $3, $4, $5, $6, $7, $8, $9)
      """)
  static let usage = PostgresStatement(
    name: "kiln_store_usage",
    sql: """
      SELECT request_id, model, prompt_tokens, completion_tokens, status, started_at,
        duration_ms, upstream_generation_id
      FROM usage_ledger WHERE user_id = $1 ORDER BY sequence
      """)
  /// Data-modifying CTEs all run, in one statement and so one transaction.
  static let eraseUser = PostgresStatement(
    name: "kiln_store_erase_user",
    sql: """
      WITH counters AS (DELETE FROM admission_counters WHERE user_id = $1),
        free AS (DELETE FROM free_usage WHERE user_id = $1),
        entitled AS (DELETE FROM entitlements WHERE user_id = $1),
        granted AS (DELETE FROM operator_grants WHERE user_id = $1)
      UPDATE usage_ledger SET user_id = NULL WHERE user_id = $1
      """)
}
