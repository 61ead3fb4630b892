extension PostgresSyncMigrationSQL {
  /// The migration's section for the merge of one change into each table.
  static let merges = #"""
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

    """#
}
