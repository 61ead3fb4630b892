/// The small part of Supabase's `auth` schema that the sync migration needs, for
/// kiln-server's own PostgreSQL (a Supabase project has all of it): the roles `anon`,
/// `authenticated` and `service_role`, membership in them for the migrating user (so it may
/// `SET ROLE authenticated`), and `auth.jwt()`, `auth.uid()`, `auth.role()` reading
/// `request.jwt.claims` as PostgREST sets it.
///
/// Everything is created only where missing. Roles belong to the whole cluster, so a second
/// database in the same cluster finds them, and two databases migrating at once both
/// succeed. A user that may not create or grant the roles gets a 42501 whose hint says what
/// a superuser runs.
enum PostgresAuthShimSQL {
  /// The shim's SQL text.
  static let text = #"""
    DO $shim$
    DECLARE
      v_role text;
    BEGIN
      FOREACH v_role IN ARRAY ARRAY['anon', 'authenticated', 'service_role'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = v_role) THEN
          BEGIN
            EXECUTE format('CREATE ROLE %I NOLOGIN NOINHERIT', v_role);
          EXCEPTION
            WHEN duplicate_object OR unique_violation THEN
              NULL; -- another database of the cluster created it meanwhile
          END;
        END IF;
        IF NOT pg_has_role(current_user, v_role, 'MEMBER') THEN
          EXECUTE format('GRANT %I TO %I', v_role, current_user);
        END IF;
      END LOOP;
    EXCEPTION
      WHEN insufficient_privilege THEN
        RAISE EXCEPTION USING ERRCODE = '42501',
          MESSAGE = format('the database user %s may not create or grant the roles anon, '
            'authenticated and service_role', current_user),
          HINT = format('as a superuser run: CREATE ROLE anon NOLOGIN NOINHERIT; '
            'CREATE ROLE authenticated NOLOGIN NOINHERIT; '
            'CREATE ROLE service_role NOLOGIN NOINHERIT; '
            'GRANT anon, authenticated, service_role TO %I; then kiln-server migrate again',
            current_user);
    END
    $shim$;
    CREATE SCHEMA IF NOT EXISTS auth;
    GRANT USAGE ON SCHEMA auth TO anon, authenticated, service_role;
    DO $shim$
    BEGIN
      IF to_regprocedure('auth.jwt()') IS NULL THEN
        CREATE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS $fn$
          SELECT nullif(current_setting('request.jwt.claims', true), '')::jsonb
        $fn$;
      END IF;
      IF to_regprocedure('auth.uid()') IS NULL THEN
        CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS $fn$
          SELECT CASE
            WHEN sub ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
            THEN sub::uuid END
          FROM (SELECT auth.jwt() ->> 'sub' AS sub) AS claims
        $fn$;
      END IF;
      IF to_regprocedure('auth.role()') IS NULL THEN
        CREATE FUNCTION auth.role() RETURNS text LANGUAGE sql STABLE AS $fn$
          SELECT auth.jwt() ->> 'role'
        $fn$;
      END IF;
    END
    $shim$;
    GRANT EXECUTE ON FUNCTION auth.jwt(), auth.uid(), auth.role()
      TO anon, authenticated, service_role;
    """#

  /// Schema step 6: the shim's `auth.uid()` made inlinable. Row-level security asks for it
  /// in every statement of a push (about four and a half calls per change), and as a
  /// function with a `FROM` it could not be inlined, so each call cost about 30 µs of
  /// function overhead: a quarter of a push's time. One expression reads
  /// `request.jwt.claim.sub` (as Supabase's own `auth.uid()` does, for callers that set it)
  /// or else the claims' `sub`, and is `NULL` unless that is a UUID, as before. Only the
  /// shim's own function is replaced; a database with Supabase's `auth.uid()` keeps it.
  static let inlinableUID = #"""
    DO $shim$
    BEGIN
      IF (SELECT prosrc FROM pg_proc WHERE oid = to_regprocedure('auth.uid()'))
        LIKE '%FROM (SELECT auth.jwt() ->> ''sub'' AS sub) AS claims%'
      THEN
        CREATE OR REPLACE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS $fn$
          SELECT substring(
            coalesce(
              nullif(current_setting('request.jwt.claim.sub', true), ''),
              nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
            FROM '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
          )::uuid
        $fn$;
      END IF;
    END
    $shim$;
    """#
}
