extension PostgresSyncMigrationSQL {
  /// The migration's section for the tables, their indexes, the reference to `auth.users` and the owner-only policies.
  static let tables = #"""
    -- Sync of conversations, messages and memories across a user's devices (docs/SYNC.md).
    --
    -- One migration for both deployments: a hosted Supabase project, and kiln-server on
    -- PostgreSQL, which compiles this file in and first creates the small part of Supabase's
    -- auth schema it uses (auth.uid(), the roles anon and authenticated).
    --
    -- Rows are keyed by ids the clients make. Every change a user stores gets the next number
    -- of that user's row in sync_sequences; the pushing transaction holds that row locked until
    -- it commits, so numbers follow commit order and a pull never skips a change that commits
    -- later. Both functions run as the caller, and row-level security keeps each user to their
    -- own rows.

    CREATE TABLE public.sync_sequences (
      user_id uuid PRIMARY KEY,
      last_seq bigint NOT NULL DEFAULT 0
    );

    CREATE TABLE public.conversations (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      title text NOT NULL DEFAULT '',
      persona_name text,
      persona_id text,
      is_pinned boolean,
      is_archived boolean,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz,
      change_seq bigint NOT NULL,
      clocks jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX conversations_user_change ON public.conversations (user_id, change_seq);

    CREATE TABLE public.messages (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      conversation_id uuid NOT NULL REFERENCES public.conversations (id) ON DELETE CASCADE,
      parent_id uuid,
      role text NOT NULL,
      content text NOT NULL DEFAULT '',
      status text,
      model text,
      finish_reason text,
      prompt_tokens bigint,
      completion_tokens bigint,
      reasoning text,
      error_code text,
      created_at timestamptz NOT NULL,
      deleted_at timestamptz,
      change_seq bigint NOT NULL,
      clocks jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX messages_user_change ON public.messages (user_id, change_seq);
    CREATE INDEX messages_conversation ON public.messages (conversation_id);

    CREATE TABLE public.memories (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      content text NOT NULL DEFAULT '',
      source text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz,
      change_seq bigint NOT NULL,
      clocks jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX memories_user_change ON public.memories (user_id, change_seq);

    -- On a Supabase project the rows go with their user. kiln-server's database has no
    -- auth.users (its accounts live in its own tables, and delete-account removes the rows),
    -- so the reference is made only where that table exists.
    DO $fk$
    BEGIN
      IF to_regclass('auth.users') IS NOT NULL THEN
        ALTER TABLE public.sync_sequences ADD CONSTRAINT sync_sequences_user_id_fkey
          FOREIGN KEY (user_id) REFERENCES auth.users (id) ON DELETE CASCADE;
        ALTER TABLE public.conversations ADD CONSTRAINT conversations_user_id_fkey
          FOREIGN KEY (user_id) REFERENCES auth.users (id) ON DELETE CASCADE;
        ALTER TABLE public.messages ADD CONSTRAINT messages_user_id_fkey
          FOREIGN KEY (user_id) REFERENCES auth.users (id) ON DELETE CASCADE;
        ALTER TABLE public.memories ADD CONSTRAINT memories_user_id_fkey
          FOREIGN KEY (user_id) REFERENCES auth.users (id) ON DELETE CASCADE;
      END IF;
    END
    $fk$;

    -- Owner-only access. Row-level security is not forced: the tables' owner (the migrating
    -- user, which kiln-server's delete-account runs as) is not bound by it.
    DO $rls$
    DECLARE
      v_table text;
    BEGIN
      FOREACH v_table IN ARRAY ARRAY['sync_sequences', 'conversations', 'messages', 'memories']
      LOOP
        EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', v_table);
        EXECUTE format('REVOKE ALL ON TABLE public.%I FROM PUBLIC, anon', v_table);
        EXECUTE format(
          'GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE public.%I TO authenticated', v_table);
        EXECUTE format(
          'CREATE POLICY %I ON public.%I FOR SELECT TO authenticated '
          'USING ((SELECT auth.uid()) = user_id)', v_table || '_select_own', v_table);
        EXECUTE format(
          'CREATE POLICY %I ON public.%I FOR INSERT TO authenticated '
          'WITH CHECK ((SELECT auth.uid()) = user_id)', v_table || '_insert_own', v_table);
        EXECUTE format(
          'CREATE POLICY %I ON public.%I FOR UPDATE TO authenticated '
          'USING ((SELECT auth.uid()) = user_id) WITH CHECK ((SELECT auth.uid()) = user_id)',
          v_table || '_update_own', v_table);
        EXECUTE format(
          'CREATE POLICY %I ON public.%I FOR DELETE TO authenticated '
          'USING ((SELECT auth.uid()) = user_id)', v_table || '_delete_own', v_table);
      END LOOP;
    END
    $rls$;

    """#
}
