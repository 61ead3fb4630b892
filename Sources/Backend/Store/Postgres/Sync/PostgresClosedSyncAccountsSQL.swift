/// Schema step 10, kiln-server's own (not a file in `supabase/migrations/`: on a hosted
/// Supabase project the synced rows' foreign key to `auth.users` does this): accounts whose
/// synced rows were deleted with the account, whose later pushes are refused.
///
/// Every push first calls `kiln_sync_account_is_open` as the login role, before it becomes
/// `authenticated`, and the deletion is `kiln_close_sync_account`; both take the same
/// transaction-level advisory lock on the user, so a push and the deletion run one after
/// the other. The check is a query of its own after the lock is held, so under READ
/// COMMITTED it sees a deletion that committed while the push waited.
enum PostgresClosedSyncAccountsSQL {
  static let text = #"""
    CREATE TABLE kiln_closed_sync_accounts (
      user_id uuid PRIMARY KEY,
      closed_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE kiln_closed_sync_accounts ENABLE ROW LEVEL SECURITY;
    REVOKE ALL ON TABLE kiln_closed_sync_accounts FROM PUBLIC, anon, authenticated;

    CREATE FUNCTION kiln_sync_account_is_open(p_user uuid) RETURNS boolean
    LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $fn$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('kiln sync account ' || p_user::text, 0));
      -- Closed once its rows were deleted and it is no longer an account: a deletion that
      -- failed after the rows went leaves the account, which syncs again.
      RETURN NOT EXISTS (
        SELECT 1 FROM kiln_closed_sync_accounts
        WHERE user_id = p_user
          AND NOT EXISTS (SELECT 1 FROM auth_users WHERE id = p_user::text));
    END
    $fn$;

    CREATE FUNCTION kiln_close_sync_account(p_user uuid) RETURNS void
    LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $fn$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('kiln sync account ' || p_user::text, 0));
      INSERT INTO kiln_closed_sync_accounts (user_id) VALUES (p_user) ON CONFLICT DO NOTHING;
      DELETE FROM messages WHERE user_id = p_user;
      DELETE FROM memories WHERE user_id = p_user;
      DELETE FROM conversations WHERE user_id = p_user;
      DELETE FROM sync_sequences WHERE user_id = p_user;
    END
    $fn$;

    REVOKE ALL ON FUNCTION kiln_sync_account_is_open(uuid), kiln_close_sync_account(uuid)
      FROM PUBLIC, anon, authenticated;
    """#
}
