extension PostgresSyncMigrationSQL {
  /// The migration's section for the helpers: wire times, row JSON, refusals, clock comparison and field readers.
  static let helpers = #"""
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

    """#
}
