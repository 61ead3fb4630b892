extension PostgresSyncMigrationSQL {
  /// The migration's section for `sync_push`, `sync_pull` and the grants.
  static let functions = #"""
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
    """#
}
