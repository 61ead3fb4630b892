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

-- Helpers of the two functions, in a schema PostgREST does not expose.
CREATE SCHEMA sync_internal;
REVOKE ALL ON SCHEMA sync_internal FROM PUBLIC;
GRANT USAGE ON SCHEMA sync_internal TO authenticated;

-- A time as the wire carries it: UTC, milliseconds, 24 characters.
CREATE FUNCTION sync_internal.wire_time(p_time timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS $fn$
  SELECT to_char(p_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$fn$;

CREATE FUNCTION sync_internal.conversation_json(c public.conversations) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
  SELECT jsonb_build_object(
    'id', c.id, 'user_id', c.user_id, 'title', c.title, 'persona_name', c.persona_name,
    'persona_id', c.persona_id, 'is_pinned', c.is_pinned, 'is_archived', c.is_archived,
    'created_at', sync_internal.wire_time(c.created_at),
    'updated_at', sync_internal.wire_time(c.updated_at),
    'deleted_at', sync_internal.wire_time(c.deleted_at),
    'change_seq', c.change_seq, 'clocks', c.clocks)
$fn$;

CREATE FUNCTION sync_internal.message_json(m public.messages) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
  SELECT jsonb_build_object(
    'id', m.id, 'user_id', m.user_id, 'conversation_id', m.conversation_id,
    'parent_id', m.parent_id, 'role', m.role, 'content', m.content, 'status', m.status,
    'model', m.model, 'finish_reason', m.finish_reason, 'prompt_tokens', m.prompt_tokens,
    'completion_tokens', m.completion_tokens, 'reasoning', m.reasoning,
    'error_code', m.error_code, 'created_at', sync_internal.wire_time(m.created_at),
    'deleted_at', sync_internal.wire_time(m.deleted_at), 'change_seq', m.change_seq,
    'clocks', m.clocks)
$fn$;

CREATE FUNCTION sync_internal.memory_json(m public.memories) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
  SELECT jsonb_build_object(
    'id', m.id, 'user_id', m.user_id, 'content', m.content, 'source', m.source,
    'created_at', sync_internal.wire_time(m.created_at),
    'updated_at', sync_internal.wire_time(m.updated_at),
    'deleted_at', sync_internal.wire_time(m.deleted_at), 'change_seq', m.change_seq,
    'clocks', m.clocks)
$fn$;

-- Refuses a change: 22023 (or the code given), the change's index in the details.
CREATE FUNCTION sync_internal.refuse(p_index int, p_message text, p_code text DEFAULT '22023')
RETURNS void LANGUAGE plpgsql SET search_path = public, pg_temp AS $fn$
BEGIN
  RAISE EXCEPTION USING ERRCODE = p_code, MESSAGE = p_message,
    DETAIL = format('changes[%s]', p_index);
END
$fn$;

-- Whether the incoming clock beats the stored one; an absent clock sorts below every value,
-- and clock values compare by their bytes.
CREATE FUNCTION sync_internal.clock_wins(p_incoming text, p_stored text) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS $fn$
  SELECT p_incoming IS NOT NULL
    AND (p_stored IS NULL OR p_incoming COLLATE "C" > p_stored COLLATE "C")
$fn$;

-- The greater clock of each merge key of either side.
CREATE FUNCTION sync_internal.merge_clocks(p_stored jsonb, p_incoming jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS $fn$
  SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
  FROM (
    SELECT key, max(value COLLATE "C") AS value
    FROM (
      SELECT key, value FROM jsonb_each_text(p_stored)
      UNION ALL
      SELECT key, value FROM jsonb_each_text(p_incoming)
    ) AS both_sides
    GROUP BY key
  ) AS merged
$fn$;

-- A time field of a row: absent or null is NULL, otherwise exactly the wire form.
CREATE FUNCTION sync_internal.row_time(p_row jsonb, p_key text, p_index int)
RETURNS timestamptz LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_value jsonb := p_row -> p_key;
BEGIN
  IF v_value IS NULL OR jsonb_typeof(v_value) = 'null' THEN
    RETURN NULL;
  END IF;
  IF jsonb_typeof(v_value) <> 'string'
    OR (v_value #>> '{}')
      !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$'
  THEN
    PERFORM sync_internal.refuse(
      p_index, format('%s must be a time like 2026-12-02T10:07:54.123Z', p_key), '22007');
  END IF;
  BEGIN
    RETURN (v_value #>> '{}')::timestamptz;
  EXCEPTION
    WHEN others THEN
      PERFORM sync_internal.refuse(p_index, format('%s is not a valid time', p_key), '22007');
  END;
  RETURN NULL;
END
$fn$;

-- A UUID field of a row: absent or null is NULL (refused when required), any case accepted.
CREATE FUNCTION sync_internal.row_uuid(
  p_row jsonb, p_key text, p_index int, p_required boolean DEFAULT false
) RETURNS uuid LANGUAGE plpgsql IMMUTABLE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_value jsonb := p_row -> p_key;
BEGIN
  IF v_value IS NULL OR jsonb_typeof(v_value) = 'null' THEN
    IF p_required THEN
      PERFORM sync_internal.refuse(p_index, format('%s is required', p_key));
    END IF;
    RETURN NULL;
  END IF;
  IF jsonb_typeof(v_value) <> 'string' OR (v_value #>> '{}')
    !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  THEN
    PERFORM sync_internal.refuse(p_index, format('%s must be a UUID', p_key), '22P02');
  END IF;
  RETURN (v_value #>> '{}')::uuid;
END
$fn$;

-- A text field of a row: absent or null is NULL, otherwise a string of at most p_limit
-- characters.
CREATE FUNCTION sync_internal.row_text(p_row jsonb, p_key text, p_limit int, p_index int)
RETURNS text LANGUAGE plpgsql IMMUTABLE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_value jsonb := p_row -> p_key;
BEGIN
  IF v_value IS NULL OR jsonb_typeof(v_value) = 'null' THEN
    RETURN NULL;
  END IF;
  IF jsonb_typeof(v_value) <> 'string' THEN
    PERFORM sync_internal.refuse(p_index, format('%s must be a string', p_key));
  END IF;
  IF char_length(v_value #>> '{}') > p_limit THEN
    PERFORM sync_internal.refuse(
      p_index, format('%s is longer than %s characters', p_key, p_limit));
  END IF;
  RETURN v_value #>> '{}';
END
$fn$;

CREATE FUNCTION sync_internal.row_boolean(p_row jsonb, p_key text, p_index int)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_value jsonb := p_row -> p_key;
BEGIN
  IF v_value IS NULL OR jsonb_typeof(v_value) = 'null' THEN
    RETURN NULL;
  END IF;
  IF jsonb_typeof(v_value) <> 'boolean' THEN
    PERFORM sync_internal.refuse(p_index, format('%s must be true or false', p_key));
  END IF;
  RETURN v_value::text::boolean;
END
$fn$;

CREATE FUNCTION sync_internal.row_count(p_row jsonb, p_key text, p_index int)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_value jsonb := p_row -> p_key;
BEGIN
  IF v_value IS NULL OR jsonb_typeof(v_value) = 'null' THEN
    RETURN NULL;
  END IF;
  IF jsonb_typeof(v_value) <> 'number' OR v_value::numeric <> trunc(v_value::numeric)
    OR v_value::numeric NOT BETWEEN 0 AND 999999999999999
  THEN
    PERFORM sync_internal.refuse(
      p_index, format('%s must be a whole number from 0 to 999999999999999', p_key));
  END IF;
  RETURN v_value::numeric::bigint;
END
$fn$;

-- The change's clocks after checking them: an object of known merge keys to clock values.
CREATE FUNCTION sync_internal.change_clocks(p_change jsonb, p_keys text[], p_index int)
RETURNS jsonb LANGUAGE plpgsql IMMUTABLE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_clocks jsonb := p_change -> 'clocks';
  v_key text;
  v_value jsonb;
BEGIN
  IF v_clocks IS NULL OR jsonb_typeof(v_clocks) = 'null' THEN
    RETURN '{}'::jsonb;
  END IF;
  IF jsonb_typeof(v_clocks) <> 'object' THEN
    PERFORM sync_internal.refuse(p_index, 'clocks must be a JSON object');
  END IF;
  FOR v_key, v_value IN SELECT key, value FROM jsonb_each(v_clocks) LOOP
    IF NOT v_key = ANY (p_keys) THEN
      PERFORM sync_internal.refuse(
        p_index, format('%s is not a merge key of this table', v_key));
    END IF;
    IF jsonb_typeof(v_value) <> 'string' OR (v_value #>> '{}') !~
      '^[0-9]{15}-[0-9]{5}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    THEN
      PERFORM sync_internal.refuse(p_index, format('the clock of %s is malformed', v_key));
    END IF;
  END LOOP;
  RETURN v_clocks;
END
$fn$;

-- The answer for a change: its id, status and the stored row (or null), and whether the
-- row changed (so the change took the number p_seq).
CREATE FUNCTION sync_internal.result(
  p_id uuid, p_status text, p_row jsonb, p_stored boolean
) RETURNS jsonb LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS $fn$
  SELECT jsonb_build_object(
    'id', p_id, 'status', p_status, 'row', p_row, 'stored', p_stored)
$fn$;

-- How a change that carried p_carried merge keys ends when p_won of them won.
CREATE FUNCTION sync_internal.merge_status(p_won int, p_carried int) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp AS $fn$
  SELECT CASE WHEN p_won = 0 THEN 'stale' WHEN p_won = p_carried THEN 'applied'
    ELSE 'merged' END
$fn$;

CREATE FUNCTION sync_internal.push_conversation(
  p_change jsonb, p_op text, p_index int, p_user uuid, p_seq bigint
) RETURNS jsonb LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_row jsonb := p_change -> 'row';
  v_clocks jsonb := sync_internal.change_clocks(
    p_change, ARRAY['title', 'persona', 'is_pinned', 'is_archived'], p_index);
  v_id uuid := sync_internal.row_uuid(v_row, 'id', p_index, true);
  v_title text := coalesce(sync_internal.row_text(v_row, 'title', 1000, p_index), '');
  v_persona_name text := sync_internal.row_text(v_row, 'persona_name', 1000, p_index);
  v_persona_id text := sync_internal.row_text(v_row, 'persona_id', 1000, p_index);
  v_pinned boolean := sync_internal.row_boolean(v_row, 'is_pinned', p_index);
  v_archived boolean := sync_internal.row_boolean(v_row, 'is_archived', p_index);
  v_created timestamptz := sync_internal.row_time(v_row, 'created_at', p_index);
  v_updated timestamptz := sync_internal.row_time(v_row, 'updated_at', p_index);
  v_deleted timestamptz := sync_internal.row_time(v_row, 'deleted_at', p_index);
  v_now timestamptz := date_trunc('milliseconds', now());
  v_old public.conversations;
  v_new public.conversations;
  v_won int := 0;
  v_status text;
BEGIN
  SELECT * INTO v_old FROM public.conversations WHERE id = v_id FOR UPDATE;
  IF NOT FOUND THEN
    IF p_op = 'delete' THEN
      v_deleted := coalesce(v_deleted, v_now);
      INSERT INTO public.conversations AS c VALUES (
        v_id, p_user, '', NULL, NULL, NULL, NULL, coalesce(v_created, v_deleted),
        coalesce(v_updated, v_deleted), v_deleted, p_seq, v_clocks)
      ON CONFLICT (id) DO NOTHING RETURNING * INTO v_new;
    ELSE
      INSERT INTO public.conversations AS c VALUES (
        v_id, p_user, v_title, v_persona_name, v_persona_id, v_pinned, v_archived,
        coalesce(v_created, v_now), coalesce(v_updated, v_created, v_now), NULL, p_seq,
        v_clocks)
      ON CONFLICT (id) DO NOTHING RETURNING * INTO v_new;
    END IF;
    IF v_new.id IS NULL THEN
      RETURN sync_internal.result(v_id, 'stale', NULL, false);
    END IF;
    RETURN sync_internal.result(
      v_id, 'applied', sync_internal.conversation_json(v_new), true);
  END IF;
  v_new := v_old;
  v_new.created_at := least(v_old.created_at, v_created);
  v_new.updated_at := greatest(v_old.updated_at, v_updated);
  v_new.clocks := sync_internal.merge_clocks(v_old.clocks, v_clocks);
  IF p_op = 'delete' THEN
    IF v_old.deleted_at IS NULL THEN
      v_new.deleted_at := coalesce(v_deleted, v_now);
      v_status := 'applied';
      DELETE FROM public.messages WHERE conversation_id = v_id;
    ELSE
      v_new.deleted_at := least(v_old.deleted_at, v_deleted);
      v_status := 'stale';
    END IF;
    v_new.title := '';
    v_new.persona_name := NULL;
    v_new.persona_id := NULL;
    v_new.is_pinned := NULL;
    v_new.is_archived := NULL;
  ELSIF v_old.deleted_at IS NOT NULL THEN
    v_status := 'stale';
  ELSE
    IF sync_internal.clock_wins(v_clocks ->> 'title', v_old.clocks ->> 'title') THEN
      v_new.title := v_title;
      v_won := v_won + 1;
    END IF;
    IF sync_internal.clock_wins(v_clocks ->> 'persona', v_old.clocks ->> 'persona') THEN
      v_new.persona_name := v_persona_name;
      v_new.persona_id := v_persona_id;
      v_won := v_won + 1;
    END IF;
    IF sync_internal.clock_wins(v_clocks ->> 'is_pinned', v_old.clocks ->> 'is_pinned') THEN
      v_new.is_pinned := v_pinned;
      v_won := v_won + 1;
    END IF;
    IF sync_internal.clock_wins(v_clocks ->> 'is_archived', v_old.clocks ->> 'is_archived')
    THEN
      v_new.is_archived := v_archived;
      v_won := v_won + 1;
    END IF;
    v_status := sync_internal.merge_status(
      v_won, (SELECT count(*)::int FROM jsonb_object_keys(v_clocks)));
  END IF;
  IF v_new IS NOT DISTINCT FROM v_old THEN
    RETURN sync_internal.result(
      v_id, v_status, sync_internal.conversation_json(v_old), false);
  END IF;
  v_new.change_seq := p_seq;
  UPDATE public.conversations SET
    title = v_new.title, persona_name = v_new.persona_name, persona_id = v_new.persona_id,
    is_pinned = v_new.is_pinned, is_archived = v_new.is_archived,
    created_at = v_new.created_at, updated_at = v_new.updated_at,
    deleted_at = v_new.deleted_at, change_seq = v_new.change_seq, clocks = v_new.clocks
  WHERE id = v_id;
  RETURN sync_internal.result(v_id, v_status, sync_internal.conversation_json(v_new), true);
END
$fn$;

CREATE FUNCTION sync_internal.push_message(
  p_change jsonb, p_op text, p_index int, p_user uuid, p_seq bigint
) RETURNS jsonb LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_row jsonb := p_change -> 'row';
  v_clocks jsonb := sync_internal.change_clocks(p_change, ARRAY['body'], p_index);
  v_id uuid := sync_internal.row_uuid(v_row, 'id', p_index, true);
  v_conversation uuid := sync_internal.row_uuid(
    v_row, 'conversation_id', p_index, p_op = 'upsert');
  v_parent uuid := sync_internal.row_uuid(v_row, 'parent_id', p_index);
  v_role text := sync_internal.row_text(v_row, 'role', 200, p_index);
  v_content text := coalesce(sync_internal.row_text(v_row, 'content', 1000000, p_index), '');
  v_message_status text := sync_internal.row_text(v_row, 'status', 200, p_index);
  v_model text := sync_internal.row_text(v_row, 'model', 200, p_index);
  v_finish text := sync_internal.row_text(v_row, 'finish_reason', 200, p_index);
  v_prompt bigint := sync_internal.row_count(v_row, 'prompt_tokens', p_index);
  v_completion bigint := sync_internal.row_count(v_row, 'completion_tokens', p_index);
  v_reasoning text := sync_internal.row_text(v_row, 'reasoning', 1000000, p_index);
  v_error text := sync_internal.row_text(v_row, 'error_code', 200, p_index);
  v_created timestamptz := sync_internal.row_time(v_row, 'created_at', p_index);
  v_deleted timestamptz := sync_internal.row_time(v_row, 'deleted_at', p_index);
  v_now timestamptz := date_trunc('milliseconds', now());
  v_old public.messages;
  v_new public.messages;
  v_status text;
BEGIN
  IF p_op = 'upsert' THEN
    IF v_role IS NULL OR v_role = '' THEN
      PERFORM sync_internal.refuse(p_index, 'role must be a non-empty string');
    END IF;
    IF v_message_status IS NULL
      OR v_message_status NOT IN ('complete', 'failed', 'cancelled')
    THEN
      PERFORM sync_internal.refuse(p_index, 'status must be complete, failed or cancelled');
    END IF;
  END IF;
  SELECT * INTO v_old FROM public.messages WHERE id = v_id FOR UPDATE;
  IF NOT FOUND THEN
    IF p_op = 'delete' OR NOT EXISTS (
      SELECT 1 FROM public.conversations
      WHERE id = v_conversation AND deleted_at IS NULL)
    THEN
      RETURN sync_internal.result(v_id, 'stale', NULL, false);
    END IF;
    INSERT INTO public.messages AS m VALUES (
      v_id, p_user, v_conversation, v_parent, v_role, v_content, v_message_status, v_model,
      v_finish, v_prompt, v_completion, v_reasoning, v_error, coalesce(v_created, v_now),
      NULL, p_seq, v_clocks)
    ON CONFLICT (id) DO NOTHING RETURNING * INTO v_new;
    IF v_new.id IS NULL THEN
      RETURN sync_internal.result(v_id, 'stale', NULL, false);
    END IF;
    RETURN sync_internal.result(v_id, 'applied', sync_internal.message_json(v_new), true);
  END IF;
  v_new := v_old;
  v_new.created_at := least(v_old.created_at, v_created);
  v_new.clocks := sync_internal.merge_clocks(v_old.clocks, v_clocks);
  IF p_op = 'delete' THEN
    IF v_old.deleted_at IS NULL THEN
      v_new.deleted_at := coalesce(v_deleted, v_now);
      v_status := 'applied';
    ELSE
      v_new.deleted_at := least(v_old.deleted_at, v_deleted);
      v_status := 'stale';
    END IF;
    v_new.content := '';
    v_new.status := NULL;
    v_new.model := NULL;
    v_new.finish_reason := NULL;
    v_new.prompt_tokens := NULL;
    v_new.completion_tokens := NULL;
    v_new.reasoning := NULL;
    v_new.error_code := NULL;
  ELSIF v_old.deleted_at IS NOT NULL THEN
    v_status := 'stale';
  ELSIF sync_internal.clock_wins(v_clocks ->> 'body', v_old.clocks ->> 'body') THEN
    v_new.content := v_content;
    v_new.status := v_message_status;
    v_new.model := v_model;
    v_new.finish_reason := v_finish;
    v_new.prompt_tokens := v_prompt;
    v_new.completion_tokens := v_completion;
    v_new.reasoning := v_reasoning;
    v_new.error_code := v_error;
    v_status := 'applied';
  ELSE
    v_status := 'stale';
  END IF;
  IF v_new IS NOT DISTINCT FROM v_old THEN
    RETURN sync_internal.result(v_id, v_status, sync_internal.message_json(v_old), false);
  END IF;
  v_new.change_seq := p_seq;
  UPDATE public.messages SET
    content = v_new.content, status = v_new.status, model = v_new.model,
    finish_reason = v_new.finish_reason, prompt_tokens = v_new.prompt_tokens,
    completion_tokens = v_new.completion_tokens, reasoning = v_new.reasoning,
    error_code = v_new.error_code, created_at = v_new.created_at,
    deleted_at = v_new.deleted_at, change_seq = v_new.change_seq, clocks = v_new.clocks
  WHERE id = v_id;
  RETURN sync_internal.result(v_id, v_status, sync_internal.message_json(v_new), true);
END
$fn$;

CREATE FUNCTION sync_internal.push_memory(
  p_change jsonb, p_op text, p_index int, p_user uuid, p_seq bigint
) RETURNS jsonb LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_row jsonb := p_change -> 'row';
  v_clocks jsonb := sync_internal.change_clocks(
    p_change, ARRAY['content', 'source'], p_index);
  v_id uuid := sync_internal.row_uuid(v_row, 'id', p_index, true);
  v_content text := coalesce(sync_internal.row_text(v_row, 'content', 100000, p_index), '');
  v_source text := sync_internal.row_text(v_row, 'source', 200, p_index);
  v_created timestamptz := sync_internal.row_time(v_row, 'created_at', p_index);
  v_updated timestamptz := sync_internal.row_time(v_row, 'updated_at', p_index);
  v_deleted timestamptz := sync_internal.row_time(v_row, 'deleted_at', p_index);
  v_now timestamptz := date_trunc('milliseconds', now());
  v_old public.memories;
  v_new public.memories;
  v_won int := 0;
  v_status text;
BEGIN
  SELECT * INTO v_old FROM public.memories WHERE id = v_id FOR UPDATE;
  IF NOT FOUND THEN
    IF p_op = 'delete' THEN
      v_deleted := coalesce(v_deleted, v_now);
      INSERT INTO public.memories AS m VALUES (
        v_id, p_user, '', NULL, coalesce(v_created, v_deleted),
        coalesce(v_updated, v_deleted), v_deleted, p_seq, v_clocks)
      ON CONFLICT (id) DO NOTHING RETURNING * INTO v_new;
    ELSE
      INSERT INTO public.memories AS m VALUES (
        v_id, p_user, v_content, v_source, coalesce(v_created, v_now),
        coalesce(v_updated, v_created, v_now), NULL, p_seq, v_clocks)
      ON CONFLICT (id) DO NOTHING RETURNING * INTO v_new;
    END IF;
    IF v_new.id IS NULL THEN
      RETURN sync_internal.result(v_id, 'stale', NULL, false);
    END IF;
    RETURN sync_internal.result(v_id, 'applied', sync_internal.memory_json(v_new), true);
  END IF;
  v_new := v_old;
  v_new.created_at := least(v_old.created_at, v_created);
  v_new.updated_at := greatest(v_old.updated_at, v_updated);
  v_new.clocks := sync_internal.merge_clocks(v_old.clocks, v_clocks);
  IF p_op = 'delete' THEN
    IF v_old.deleted_at IS NULL THEN
      v_new.deleted_at := coalesce(v_deleted, v_now);
      v_status := 'applied';
    ELSE
      v_new.deleted_at := least(v_old.deleted_at, v_deleted);
      v_status := 'stale';
    END IF;
    v_new.content := '';
    v_new.source := NULL;
  ELSIF v_old.deleted_at IS NOT NULL THEN
    v_status := 'stale';
  ELSE
    IF sync_internal.clock_wins(v_clocks ->> 'content', v_old.clocks ->> 'content') THEN
      v_new.content := v_content;
      v_won := v_won + 1;
    END IF;
    IF sync_internal.clock_wins(v_clocks ->> 'source', v_old.clocks ->> 'source') THEN
      v_new.source := v_source;
      v_won := v_won + 1;
    END IF;
    v_status := sync_internal.merge_status(
      v_won, (SELECT count(*)::int FROM jsonb_object_keys(v_clocks)));
  END IF;
  IF v_new IS NOT DISTINCT FROM v_old THEN
    RETURN sync_internal.result(v_id, v_status, sync_internal.memory_json(v_old), false);
  END IF;
  v_new.change_seq := p_seq;
  UPDATE public.memories SET
    content = v_new.content, source = v_new.source, created_at = v_new.created_at,
    updated_at = v_new.updated_at, deleted_at = v_new.deleted_at,
    change_seq = v_new.change_seq, clocks = v_new.clocks
  WHERE id = v_id;
  RETURN sync_internal.result(v_id, v_status, sync_internal.memory_json(v_new), true);
END
$fn$;

-- The caller's id; a call without a user (no claims, or a sub that is not a UUID) is refused.
CREATE FUNCTION sync_internal.caller() RETURNS uuid
LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_user uuid := auth.uid();
BEGIN
  IF v_user IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = '42501',
      MESSAGE = 'sync needs a signed-in user (no user id in the request''s claims)';
  END IF;
  RETURN v_user;
END
$fn$;

CREATE FUNCTION public.sync_push(changes jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = public, pg_temp AS $fn$
DECLARE
  v_user uuid := sync_internal.caller();
  v_seq bigint;
  v_change jsonb;
  v_index int := 0;
  v_op text;
  v_result jsonb;
  v_results jsonb[] := ARRAY[]::jsonb[];
BEGIN
  IF changes IS NULL OR jsonb_typeof(changes) <> 'array' THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'changes must be a JSON array';
  END IF;
  IF jsonb_array_length(changes) > 500 THEN
    RAISE EXCEPTION USING ERRCODE = '22023',
      MESSAGE = 'at most 500 changes per sync_push',
      DETAIL = format('%s changes', jsonb_array_length(changes));
  END IF;
  -- Held until commit: the user's pushes run one after another and number in commit order.
  INSERT INTO public.sync_sequences (user_id) VALUES (v_user)
    ON CONFLICT (user_id) DO NOTHING;
  SELECT last_seq INTO v_seq FROM public.sync_sequences WHERE user_id = v_user FOR UPDATE;
  FOR v_change IN SELECT value FROM jsonb_array_elements(changes) LOOP
    IF jsonb_typeof(v_change) <> 'object' THEN
      PERFORM sync_internal.refuse(v_index, 'a change must be a JSON object');
    END IF;
    v_op := v_change ->> 'op';
    IF v_op IS NULL OR v_op NOT IN ('upsert', 'delete') THEN
      PERFORM sync_internal.refuse(v_index, 'op must be upsert or delete');
    END IF;
    IF jsonb_typeof(v_change -> 'row') IS DISTINCT FROM 'object' THEN
      PERFORM sync_internal.refuse(v_index, 'row must be a JSON object');
    END IF;
    v_result := CASE v_change ->> 'table'
      WHEN 'conversations' THEN
        sync_internal.push_conversation(v_change, v_op, v_index, v_user, v_seq + 1)
      WHEN 'messages' THEN
        sync_internal.push_message(v_change, v_op, v_index, v_user, v_seq + 1)
      WHEN 'memories' THEN
        sync_internal.push_memory(v_change, v_op, v_index, v_user, v_seq + 1)
    END;
    IF v_result IS NULL THEN
      PERFORM sync_internal.refuse(
        v_index, 'table must be conversations, messages or memories');
    END IF;
    IF (v_result ->> 'stored')::boolean THEN
      v_seq := v_seq + 1;
    END IF;
    v_results := array_append(v_results, v_result - 'stored');
    v_index := v_index + 1;
  END LOOP;
  UPDATE public.sync_sequences SET last_seq = v_seq WHERE user_id = v_user;
  RETURN jsonb_build_object('results', to_jsonb(v_results));
END
$fn$;

CREATE FUNCTION public.sync_pull(since bigint, max_rows int) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = public, pg_temp AS $fn$
DECLARE
  v_user uuid := sync_internal.caller();
  v_changes jsonb;
  v_next bigint;
  v_more boolean;
BEGIN
  IF since IS NULL OR since < 0 THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'since must be 0 or more';
  END IF;
  IF max_rows IS NULL OR max_rows < 1 OR max_rows > 1000 THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'max_rows must be from 1 to 1000';
  END IF;
  WITH candidates AS (
    (SELECT 'conversations' AS source, c.id, c.change_seq FROM public.conversations c
      WHERE c.user_id = v_user AND c.change_seq > since ORDER BY c.change_seq
      LIMIT max_rows + 1)
    UNION ALL
    (SELECT 'messages', m.id, m.change_seq FROM public.messages m
      WHERE m.user_id = v_user AND m.change_seq > since ORDER BY m.change_seq
      LIMIT max_rows + 1)
    UNION ALL
    (SELECT 'memories', m.id, m.change_seq FROM public.memories m
      WHERE m.user_id = v_user AND m.change_seq > since ORDER BY m.change_seq
      LIMIT max_rows + 1)
  ), page AS (
    SELECT source, id, change_seq, row_number() OVER (ORDER BY change_seq) AS position
    FROM candidates ORDER BY change_seq LIMIT max_rows + 1
  )
  SELECT
    coalesce(jsonb_agg(jsonb_build_object('table', p.source, 'row', CASE p.source
        WHEN 'conversations' THEN (SELECT sync_internal.conversation_json(c)
          FROM public.conversations c WHERE c.id = p.id)
        WHEN 'messages' THEN (SELECT sync_internal.message_json(m)
          FROM public.messages m WHERE m.id = p.id)
        ELSE (SELECT sync_internal.memory_json(m) FROM public.memories m WHERE m.id = p.id)
      END) ORDER BY p.change_seq) FILTER (WHERE p.position <= max_rows), '[]'::jsonb),
    coalesce(max(p.change_seq) FILTER (WHERE p.position <= max_rows), since),
    count(*) > max_rows
  INTO v_changes, v_next, v_more
  FROM page p;
  RETURN jsonb_build_object('changes', v_changes, 'next', v_next, 'has_more', v_more);
END
$fn$;

-- Only signed-in users call the functions (PostgREST's anon gets 42501); the helpers are
-- reached only through them.
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA sync_internal FROM PUBLIC, anon;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA sync_internal TO authenticated;
REVOKE ALL ON FUNCTION public.sync_pull(bigint, int), public.sync_push(jsonb)
  FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.sync_pull(bigint, int), public.sync_push(jsonb)
  TO authenticated;
