import Postgres

/// The auth store's tables and its refresh-token rotation function: migration 2 of
/// `PostgresServerSchema` (one sequence, one `schema_migrations` table).
///
/// Ids are UUID text, as the proxy's tables key users by text; hashes and password bytes are
/// `bytea`; times are `double precision` seconds since 1970. Deleting an account cascades to
/// its sessions and their refresh tokens by foreign key; its one-time tokens are deleted in
/// the same statement (a token may name an account that does not exist, as in memory).
enum PostgresAccountsSchema {
  static let tables = """
    CREATE TABLE auth_users (
      id text PRIMARY KEY,
      email text NOT NULL UNIQUE,
      password_hash bytea,
      password_salt bytea,
      scrypt_cost bigint,
      scrypt_block_size bigint,
      scrypt_parallelization bigint,
      metadata text NOT NULL,
      confirmed_at double precision,
      created_at double precision NOT NULL,
      updated_at double precision NOT NULL,
      last_sign_in_at double precision
    );
    CREATE TABLE auth_sessions (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
      created_at double precision NOT NULL,
      assurance_level text NOT NULL,
      not_after double precision
    );
    CREATE INDEX auth_sessions_by_user ON auth_sessions (user_id);
    CREATE TABLE auth_refresh_tokens (
      hash bytea PRIMARY KEY,
      session_id text NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
      parent_hash bytea,
      revoked_at double precision,
      created_at double precision NOT NULL
    );
    CREATE INDEX auth_refresh_tokens_by_session ON auth_refresh_tokens (session_id);
    CREATE TABLE auth_signing_keys (
      sequence bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key_id text NOT NULL UNIQUE,
      private_jwk text NOT NULL,
      created_at double precision NOT NULL,
      retired_at double precision
    );
    CREATE UNIQUE INDEX auth_signing_keys_one_current ON auth_signing_keys ((retired_at IS NULL))
      WHERE retired_at IS NULL;
    CREATE TABLE auth_project_secret (
      singleton integer PRIMARY KEY CHECK (singleton = 1),
      secret text NOT NULL,
      created_at double precision NOT NULL
    );
    CREATE TABLE auth_one_time_tokens (
      hash bytea PRIMARY KEY,
      user_id text NOT NULL,
      purpose text NOT NULL,
      created_at double precision NOT NULL,
      expires_at double precision NOT NULL,
      used_at double precision
    );
    CREATE INDEX auth_one_time_tokens_by_user ON auth_one_time_tokens (user_id);

    """

  /// Refresh-token rotation in one statement (decision 24). It finds the presented token's
  /// session and locks that row (`FOR UPDATE`), so rotations of one session from any
  /// instance run one after another; every later query takes a fresh snapshot (a volatile
  /// function under READ COMMITTED), so the token is re-read after the lock and the second
  /// caller sees the first one's rotation. Deleting the session cascades to its tokens.
  ///
  /// It answers one row: `outcome` (`not_found`, `rotated`, `reused`, `already_used`,
  /// `session_expired`), the session's columns for `rotated` and `reused`, and the current
  /// token's for `reused`.
  static let rotateFunction = """
    CREATE FUNCTION kiln_rotate_refresh_token(
      p_presented bytea, p_child bytea, p_now double precision, p_reuse double precision
    ) RETURNS TABLE (
      r_outcome text, r_session text, r_user text, r_created double precision,
      r_assurance text, r_not_after double precision, r_current bytea,
      r_current_parent bytea, r_current_created double precision
    )
    LANGUAGE plpgsql VOLATILE AS $$
    DECLARE
      v_session_id text;
      v_session auth_sessions%ROWTYPE;
      v_revoked double precision;
      v_current auth_refresh_tokens%ROWTYPE;
    BEGIN
      SELECT t.session_id INTO v_session_id FROM auth_refresh_tokens t
        WHERE t.hash = p_presented;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::text, NULL::float8,
          NULL::text, NULL::float8, NULL::bytea, NULL::bytea, NULL::float8;
        RETURN;
      END IF;
      SELECT s.* INTO v_session FROM auth_sessions s WHERE s.id = v_session_id FOR UPDATE;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::text, NULL::float8,
          NULL::text, NULL::float8, NULL::bytea, NULL::bytea, NULL::float8;
        RETURN;
      END IF;
      SELECT t.revoked_at INTO v_revoked FROM auth_refresh_tokens t
        WHERE t.hash = p_presented AND t.session_id = v_session.id;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::text, NULL::float8,
          NULL::text, NULL::float8, NULL::bytea, NULL::bytea, NULL::float8;
        RETURN;
      END IF;
      IF v_session.not_after IS NOT NULL AND p_now >= v_session.not_after THEN
        DELETE FROM auth_sessions s WHERE s.id = v_session.id;
        RETURN QUERY SELECT 'session_expired'::text, NULL::text, NULL::text, NULL::float8,
          NULL::text, NULL::float8, NULL::bytea, NULL::bytea, NULL::float8;
        RETURN;
      END IF;
      IF v_revoked IS NULL THEN
        UPDATE auth_refresh_tokens t SET revoked_at = p_now WHERE t.hash = p_presented;
        INSERT INTO auth_refresh_tokens (hash, session_id, parent_hash, revoked_at, created_at)
          VALUES (p_child, v_session.id, p_presented, NULL, p_now);
        RETURN QUERY SELECT 'rotated'::text, v_session.id, v_session.user_id,
          v_session.created_at, v_session.assurance_level, v_session.not_after,
          NULL::bytea, NULL::bytea, NULL::float8;
        RETURN;
      END IF;
      SELECT t.* INTO v_current FROM auth_refresh_tokens t
        WHERE t.session_id = v_session.id AND t.revoked_at IS NULL;
      IF FOUND AND v_current.parent_hash = p_presented AND p_now - v_revoked <= p_reuse THEN
        RETURN QUERY SELECT 'reused'::text, v_session.id, v_session.user_id,
          v_session.created_at, v_session.assurance_level, v_session.not_after,
          v_current.hash, v_current.parent_hash, v_current.created_at;
        RETURN;
      END IF;
      DELETE FROM auth_sessions s WHERE s.id = v_session.id;
      RETURN QUERY SELECT 'already_used'::text, NULL::text, NULL::text, NULL::float8,
        NULL::text, NULL::float8, NULL::bytea, NULL::bytea, NULL::float8;
    END
    $$;
    """
}

/// The auth store's statements, prepared once per connection.
enum PostgresAccountsSQL {
  static let userColumns = """
    id, email, password_hash, password_salt, scrypt_cost, scrypt_block_size,
    scrypt_parallelization, metadata, confirmed_at, created_at, updated_at, last_sign_in_at
    """
  static let createUser = PostgresStatement(
    name: "kiln_auth_create_user",
    sql: """
      INSERT INTO auth_users (\(userColumns))
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING
      """)
  static let userByID = PostgresStatement(
    name: "kiln_auth_user_by_id", sql: "SELECT \(userColumns) FROM auth_users WHERE id = $1")
  static let userByEmail = PostgresStatement(
    name: "kiln_auth_user_by_email",
    sql: "SELECT \(userColumns) FROM auth_users WHERE email = $1")
  static let lockUser = PostgresStatement(
    name: "kiln_auth_lock_user", sql: "SELECT 1 FROM auth_users WHERE id = $1 FOR UPDATE")
  /// Updates the account unless another one holds the email: affects no row then.
  static let updateUser = PostgresStatement(
    name: "kiln_auth_update_user",
    sql: """
      UPDATE auth_users SET email = $2, password_hash = $3, password_salt = $4,
        scrypt_cost = $5, scrypt_block_size = $6, scrypt_parallelization = $7, metadata = $8,
        confirmed_at = $9, created_at = $10, updated_at = $11, last_sign_in_at = $12
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM auth_users o WHERE o.email = $2 AND o.id <> $1)
      """)
  static let deleteUser = PostgresStatement(
    name: "kiln_auth_delete_user",
    sql: """
      WITH tokens AS (DELETE FROM auth_one_time_tokens WHERE user_id = $1)
      DELETE FROM auth_users WHERE id = $1
      """)
  static let startSession = PostgresStatement(
    name: "kiln_auth_start_session",
    sql: """
      INSERT INTO auth_sessions (id, user_id, created_at, assurance_level, not_after)
      VALUES ($1, $2, $3, $4, $5)
      """)
  static let insertToken = PostgresStatement(
    name: "kiln_auth_insert_token",
    sql: """
      INSERT INTO auth_refresh_tokens (hash, session_id, parent_hash, revoked_at, created_at)
      VALUES ($1, $2, $3, $4, $5)
      """)
  static let signedIn = PostgresStatement(
    name: "kiln_auth_signed_in", sql: "UPDATE auth_users SET last_sign_in_at = $2 WHERE id = $1")
  static let session = PostgresStatement(
    name: "kiln_auth_session",
    sql: """
      SELECT id, user_id, created_at, assurance_level, not_after FROM auth_sessions
      WHERE id = $1
      """)
  static let endAllSessions = PostgresStatement(
    name: "kiln_auth_end_all_sessions", sql: "DELETE FROM auth_sessions WHERE user_id = $1")
  static let endOneSession = PostgresStatement(
    name: "kiln_auth_end_one_session",
    sql: "DELETE FROM auth_sessions WHERE user_id = $1 AND id = $2")
  static let endOtherSessions = PostgresStatement(
    name: "kiln_auth_end_other_sessions",
    sql: "DELETE FROM auth_sessions WHERE user_id = $1 AND id <> $2")
  static let rotate = PostgresStatement(
    name: "kiln_auth_rotate",
    sql: "SELECT * FROM kiln_rotate_refresh_token($1, $2, $3, $4)")
  static let signingKeys = PostgresStatement(
    name: "kiln_auth_signing_keys",
    sql:
      "SELECT key_id, private_jwk, created_at, retired_at FROM auth_signing_keys ORDER BY sequence")
  static let addSigningKey = PostgresStatement(
    name: "kiln_auth_add_signing_key",
    sql: """
      INSERT INTO auth_signing_keys (key_id, private_jwk, created_at, retired_at)
      VALUES ($1, $2, $3, NULL) ON CONFLICT DO NOTHING
      """)
  static let retireSigningKeys = PostgresStatement(
    name: "kiln_auth_retire_signing_keys",
    sql: "UPDATE auth_signing_keys SET retired_at = $1 WHERE retired_at IS NULL")
  static let insertSigningKey = PostgresStatement(
    name: "kiln_auth_insert_signing_key",
    sql: """
      INSERT INTO auth_signing_keys (key_id, private_jwk, created_at, retired_at)
      VALUES ($1, $2, $3, NULL)
      """)
  static let currentSigningKey = PostgresStatement(
    name: "kiln_auth_current_signing_key",
    sql: """
      SELECT key_id, private_jwk, created_at, retired_at FROM auth_signing_keys
      WHERE retired_at IS NULL ORDER BY sequence DESC LIMIT 1
      """)
  static let addSecret = PostgresStatement(
    name: "kiln_auth_add_secret",
    sql: """
      INSERT INTO auth_project_secret (singleton, secret, created_at) VALUES (1, $1, $2)
      ON CONFLICT DO NOTHING
      """)
  static let secret = PostgresStatement(
    name: "kiln_auth_secret",
    sql: "SELECT secret, created_at FROM auth_project_secret WHERE singleton = 1")
  static let saveOneTimeToken = PostgresStatement(
    name: "kiln_auth_save_one_time_token",
    sql: """
      INSERT INTO auth_one_time_tokens (hash, user_id, purpose, created_at, expires_at, used_at)
      VALUES ($1, $2, $3, $4, $5, $6)
      ON CONFLICT (hash) DO UPDATE SET user_id = excluded.user_id, purpose = excluded.purpose,
        created_at = excluded.created_at, expires_at = excluded.expires_at,
        used_at = excluded.used_at
      """)
  /// The check and the mark in one statement: the row lock makes a second caller re-check
  /// `used_at IS NULL` after the first commits, so the token is consumed at most once.
  static let consumeOneTimeToken = PostgresStatement(
    name: "kiln_auth_consume_one_time_token",
    sql: """
      UPDATE auth_one_time_tokens SET used_at = $3
      WHERE hash = $1 AND purpose = $2 AND used_at IS NULL AND $3 < expires_at
      RETURNING user_id, created_at, expires_at, used_at
      """)
}
