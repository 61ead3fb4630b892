/// The fourth sync migration, `supabase/migrations/20261207000002_sync_push_runs.sql` byte
/// for byte (compiled in, like `PostgresSyncMigrationSQL`; `PostgresSyncMigrationTests` fails
/// while the two differ): the helpers lose their own `search_path` so they can be inlined, and
/// `sync_push` stores runs of plain new messages with one statement each.
enum PostgresSyncPushRunsSQL {
  /// The migration's SQL text.
  static let text = #"""
    -- sync_push stores runs of new messages with one statement each.
    --
    -- A device's first sync pushes its whole history: thousands of messages the server has never
    -- seen. Taken one at a time, each cost about 0.2 ms of PL/pgSQL (a dozen helper calls, a
    -- locking lookup, an insert), and 10,000 of them took 2 s of the database's time. The answer
    -- is the same whichever way a change is taken, so nothing a client sees changes:
    --
    -- 1. The helpers lose their own search_path. Set on a function, it is saved and restored on
    --    every call and keeps SQL functions from being inlined; the two public functions, which
    --    are the only way in, still set it for everything they call. wire_time becomes STABLE
    --    (to_char is), so it can be inlined too.
    -- 2. sync_push first marks each change that is certainly a new message it would store as it
    --    is: a message upsert that every check passes, whose id the batch names only once and
    --    the caller has no row for. Consecutive marked changes (a run) are stored by one INSERT;
    --    every other change goes through push_message and the others as before, in order, so a
    --    change sees exactly what the changes before it did and errors name the same change.
    --    A run's messages take the next numbers in order; one whose conversation is missing or
    --    deleted, or whose id another user holds, is stale and takes none, as before.

    ALTER FUNCTION sync_internal.wire_time(timestamptz) RESET ALL;
    ALTER FUNCTION sync_internal.wire_time(timestamptz) STABLE;
    ALTER FUNCTION sync_internal.conversation_json(public.conversations) RESET ALL;
    ALTER FUNCTION sync_internal.message_json(public.messages) RESET ALL;
    ALTER FUNCTION sync_internal.memory_json(public.memories) RESET ALL;
    ALTER FUNCTION sync_internal.refuse(int, text, text) RESET ALL;
    ALTER FUNCTION sync_internal.clock_wins(text, text) RESET ALL;
    ALTER FUNCTION sync_internal.merge_clocks(jsonb, jsonb) RESET ALL;
    ALTER FUNCTION sync_internal.row_time(jsonb, text, int) RESET ALL;
    ALTER FUNCTION sync_internal.row_uuid(jsonb, text, int, boolean) RESET ALL;
    ALTER FUNCTION sync_internal.row_text(jsonb, text, int, int) RESET ALL;
    ALTER FUNCTION sync_internal.row_boolean(jsonb, text, int) RESET ALL;
    ALTER FUNCTION sync_internal.row_count(jsonb, text, int) RESET ALL;
    ALTER FUNCTION sync_internal.change_clocks(jsonb, text[], int) RESET ALL;
    ALTER FUNCTION sync_internal.result(uuid, text, jsonb, boolean) RESET ALL;
    ALTER FUNCTION sync_internal.merge_status(int, int) RESET ALL;
    ALTER FUNCTION sync_internal.push_conversation(jsonb, text, int, uuid, bigint) RESET ALL;
    ALTER FUNCTION sync_internal.push_message(jsonb, text, int, uuid, bigint) RESET ALL;
    ALTER FUNCTION sync_internal.push_memory(jsonb, text, int, uuid, bigint) RESET ALL;
    ALTER FUNCTION sync_internal.caller() RESET ALL;

    -- Whether row_time takes the value without refusing it: absent, null, or a wire time whose
    -- fields are all in range (so the cast cannot fail and the year stays below 10000). A time
    -- this does not vouch for, such as a leap second, is left to row_time.
    CREATE FUNCTION sync_internal.time_is_plain(p_value jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE AS $fn$
      SELECT CASE
        WHEN p_value IS NULL OR jsonb_typeof(p_value) = 'null' THEN true
        WHEN jsonb_typeof(p_value) <> 'string' THEN false
        WHEN (p_value #>> '{}') !~ ('^(000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})-'
          '(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]'
          '\.[0-9]{3}Z$') THEN false
        WHEN substr(p_value #>> '{}', 9, 2)::int <= 28 THEN true
        ELSE substr(p_value #>> '{}', 9, 2)::int <= extract(day FROM
          make_date(substr(p_value #>> '{}', 1, 4)::int, substr(p_value #>> '{}', 6, 2)::int, 1)
          + interval '1 month' - interval '1 day')
      END
    $fn$;

    -- Whether row_text takes the value: absent, null, or a string of at most p_limit characters.
    CREATE FUNCTION sync_internal.text_is_plain(p_value jsonb, p_limit int) RETURNS boolean
    LANGUAGE sql IMMUTABLE AS $fn$
      SELECT p_value IS NULL OR jsonb_typeof(p_value) = 'null'
        OR (jsonb_typeof(p_value) = 'string' AND char_length(p_value #>> '{}') <= p_limit)
    $fn$;

    -- Whether row_count takes the value and reads it as these digits: absent, null, or a whole
    -- number written without a fraction or exponent, below 10^15.
    CREATE FUNCTION sync_internal.count_is_plain(p_value jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE AS $fn$
      SELECT p_value IS NULL OR jsonb_typeof(p_value) = 'null'
        OR (jsonb_typeof(p_value) = 'number' AND p_value::text ~ '^[0-9]{1,15}$')
    $fn$;

    -- Whether row_uuid takes the value: a UUID string, or (when not required) absent or null.
    CREATE FUNCTION sync_internal.uuid_is_plain(p_value jsonb, p_required boolean)
    RETURNS boolean LANGUAGE sql IMMUTABLE AS $fn$
      SELECT CASE
        WHEN p_value IS NULL OR jsonb_typeof(p_value) = 'null' THEN NOT p_required
        ELSE jsonb_typeof(p_value) = 'string'
          AND (p_value #>> '{}') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      END
    $fn$;

    -- Whether a change is a message upsert that push_message would accept with every value read
    -- as the run's INSERT reads it. Whether it is new is asked separately.
    CREATE FUNCTION sync_internal.message_upsert_is_plain(p_change jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE AS $fn$
      SELECT CASE
        WHEN jsonb_typeof(p_change) IS DISTINCT FROM 'object'
          OR p_change ->> 'table' IS DISTINCT FROM 'messages'
          OR p_change ->> 'op' IS DISTINCT FROM 'upsert'
          OR jsonb_typeof(p_change -> 'row') IS DISTINCT FROM 'object'
          OR jsonb_typeof(p_change -> 'clocks') IS DISTINCT FROM 'object'
          OR jsonb_typeof(p_change -> 'clocks' -> 'body') IS DISTINCT FROM 'string'
          OR jsonb_typeof(p_change -> 'row' -> 'role') IS DISTINCT FROM 'string'
          OR jsonb_typeof(p_change -> 'row' -> 'status') IS DISTINCT FROM 'string'
        THEN false
        ELSE (p_change -> 'clocks') - 'body' = '{}'::jsonb
          AND (p_change -> 'clocks' ->> 'body')
            ~ '^[0-9]{15}-[0-9]{5}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          AND sync_internal.uuid_is_plain(p_change -> 'row' -> 'id', true)
          AND sync_internal.uuid_is_plain(p_change -> 'row' -> 'conversation_id', true)
          AND sync_internal.uuid_is_plain(p_change -> 'row' -> 'parent_id', false)
          AND char_length(p_change -> 'row' ->> 'role') BETWEEN 1 AND 200
          AND p_change -> 'row' ->> 'status' IN ('complete', 'failed', 'cancelled')
          AND sync_internal.text_is_plain(p_change -> 'row' -> 'content', 1000000)
          AND sync_internal.text_is_plain(p_change -> 'row' -> 'model', 200)
          AND sync_internal.text_is_plain(p_change -> 'row' -> 'finish_reason', 200)
          AND sync_internal.count_is_plain(p_change -> 'row' -> 'prompt_tokens')
          AND sync_internal.count_is_plain(p_change -> 'row' -> 'completion_tokens')
          AND sync_internal.text_is_plain(p_change -> 'row' -> 'reasoning', 1000000)
          AND sync_internal.text_is_plain(p_change -> 'row' -> 'error_code', 200)
          AND sync_internal.time_is_plain(p_change -> 'row' -> 'created_at')
          AND sync_internal.time_is_plain(p_change -> 'row' -> 'deleted_at')
      END
    $fn$;

    -- Stores changes p_first to p_last of p_changes, all plain new messages, as push_message
    -- would one after another: each whose conversation is live takes the next number after
    -- p_seq and is applied; the others are stale. Returns the results in order and how many
    -- numbers were taken.
    CREATE FUNCTION sync_internal.push_new_messages(
      p_changes jsonb, p_first int, p_last int, p_user uuid, p_seq bigint,
      OUT results jsonb[], OUT stored int
    ) LANGUAGE plpgsql VOLATILE AS $fn$
    DECLARE
      v_now timestamptz := date_trunc('milliseconds', now());
      v_live int;
    BEGIN
      WITH run AS (
        SELECT position, p_changes -> position AS change
        FROM generate_series(p_first, p_last) AS position
      ), judged AS (
        SELECT position, change, (change -> 'row' ->> 'id')::uuid AS id,
          EXISTS (
            SELECT 1 FROM public.conversations c
            WHERE c.id = (change -> 'row' ->> 'conversation_id')::uuid AND c.deleted_at IS NULL
          ) AS live
        FROM run
      ), numbered AS (
        SELECT position, change, id, live,
          p_seq + count(*) FILTER (WHERE live) OVER (ORDER BY position) AS seq
        FROM judged
      ), inserted AS (
        INSERT INTO public.messages AS m
        SELECT n.id, p_user, (r ->> 'conversation_id')::uuid, (r ->> 'parent_id')::uuid,
          r ->> 'role', coalesce(r ->> 'content', ''), r ->> 'status', r ->> 'model',
          r ->> 'finish_reason', (r ->> 'prompt_tokens')::bigint,
          (r ->> 'completion_tokens')::bigint, r ->> 'reasoning', r ->> 'error_code',
          coalesce((r ->> 'created_at')::timestamptz, v_now), NULL, n.seq, n.change -> 'clocks'
        FROM numbered n CROSS JOIN LATERAL (SELECT n.change -> 'row' AS r) AS fields
        WHERE n.live
        ON CONFLICT (id) DO NOTHING
        RETURNING m.id, sync_internal.message_json(m) AS row_json
      )
      SELECT
        array_agg(jsonb_build_object(
          'id', n.id, 'status', CASE WHEN i.id IS NULL THEN 'stale' ELSE 'applied' END,
          'row', i.row_json) ORDER BY n.position),
        count(i.id), count(*) FILTER (WHERE n.live)
      INTO results, stored, v_live
      FROM numbered n LEFT JOIN inserted i ON i.id = n.id;
      IF stored = v_live THEN
        RETURN;
      END IF;
      -- Some ids belong to another user's rows (invisible here, so the insert skipped them):
      -- those changes are stale and take no number, so the stored ones close the gaps.
      UPDATE public.messages m SET change_seq = p_seq + renumbered.rank
      FROM (
        SELECT id, row_number() OVER (ORDER BY change_seq) AS rank
        FROM public.messages WHERE user_id = p_user AND change_seq > p_seq
      ) AS renumbered
      WHERE m.id = renumbered.id;
      SELECT array_agg(jsonb_build_object(
          'id', run.id, 'status', CASE WHEN m.id IS NULL THEN 'stale' ELSE 'applied' END,
          'row', CASE WHEN m.id IS NULL THEN NULL ELSE sync_internal.message_json(m) END)
          ORDER BY run.position)
      INTO results
      FROM (
        SELECT position, (p_changes -> position -> 'row' ->> 'id')::uuid AS id
        FROM generate_series(p_first, p_last) AS position
      ) AS run
      LEFT JOIN public.messages m
        ON m.id = run.id AND m.user_id = p_user AND m.change_seq > p_seq;
    END
    $fn$;

    CREATE OR REPLACE FUNCTION public.sync_push(changes jsonb) RETURNS jsonb
    LANGUAGE plpgsql VOLATILE SECURITY INVOKER SET search_path = public, pg_temp AS $fn$
    DECLARE
      v_user uuid := sync_internal.caller();
      v_seq bigint;
      v_change jsonb;
      v_count int;
      v_index int := 0;
      v_last int;
      v_op text;
      v_result jsonb;
      v_results jsonb[] := ARRAY[]::jsonb[];
      v_plain boolean[];
      v_run jsonb[];
      v_stored int;
    BEGIN
      IF changes IS NULL OR jsonb_typeof(changes) <> 'array' THEN
        RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'changes must be a JSON array';
      END IF;
      v_count := jsonb_array_length(changes);
      IF v_count > 500 THEN
        RAISE EXCEPTION USING ERRCODE = '22023',
          MESSAGE = 'at most 500 changes per sync_push',
          DETAIL = format('%s changes', v_count);
      END IF;
      -- Held until commit: the user's pushes run one after another and number in commit order.
      INSERT INTO public.sync_sequences (user_id) VALUES (v_user)
        ON CONFLICT (user_id) DO NOTHING;
      SELECT last_seq INTO v_seq FROM public.sync_sequences WHERE user_id = v_user FOR UPDATE;
      -- Which changes are plain new messages: plain, named once among the batch's messages, and
      -- with no row of the caller's under that id.
      WITH listed AS (
        SELECT position::int - 1 AS position, value AS change,
          sync_internal.message_upsert_is_plain(value) AS plain,
          count(*) FILTER (WHERE value ->> 'table' = 'messages')
            OVER (PARTITION BY lower(value -> 'row' ->> 'id')) AS namings
        FROM jsonb_array_elements(changes) WITH ORDINALITY AS element(value, position)
      )
      SELECT array_agg(CASE WHEN plain AND namings = 1 THEN NOT EXISTS (
            SELECT 1 FROM public.messages m WHERE m.id = (change -> 'row' ->> 'id')::uuid)
          ELSE false END ORDER BY position)
      INTO v_plain
      FROM listed;
      WHILE v_index < v_count LOOP
        IF v_plain[v_index + 1] THEN
          v_last := v_index;
          WHILE v_last + 1 < v_count AND v_plain[v_last + 2] LOOP
            v_last := v_last + 1;
          END LOOP;
          SELECT run.results, run.stored INTO v_run, v_stored
          FROM sync_internal.push_new_messages(changes, v_index, v_last, v_user, v_seq) AS run;
          v_results := v_results || v_run;
          v_seq := v_seq + v_stored;
          v_index := v_last + 1;
          CONTINUE;
        END IF;
        v_change := changes -> v_index;
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

    REVOKE ALL ON FUNCTION
      sync_internal.time_is_plain(jsonb), sync_internal.text_is_plain(jsonb, int),
      sync_internal.count_is_plain(jsonb), sync_internal.uuid_is_plain(jsonb, boolean),
      sync_internal.message_upsert_is_plain(jsonb),
      sync_internal.push_new_messages(jsonb, int, int, uuid, bigint)
      FROM PUBLIC, anon;
    GRANT EXECUTE ON FUNCTION
      sync_internal.time_is_plain(jsonb), sync_internal.text_is_plain(jsonb, int),
      sync_internal.count_is_plain(jsonb), sync_internal.uuid_is_plain(jsonb, boolean),
      sync_internal.message_upsert_is_plain(jsonb),
      sync_internal.push_new_messages(jsonb, int, int, uuid, bigint)
      TO authenticated;

    """#
}
