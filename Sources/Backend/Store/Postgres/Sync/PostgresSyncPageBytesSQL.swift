/// Schema step 12, kiln-server's own (not a file in `supabase/migrations/`): how many rows of
/// a pull page fit its byte bound, so PostgreSQL's pages are bounded in bytes as the SQLite
/// store's are (decision 198).
///
/// The shared `sync_pull` bounds a page in rows only, and a row may hold a long message and
/// its reasoning: 1,000 such rows made one reply, read whole into kiln-server's memory by
/// libpq. kiln-server asks this function first, as the login role, and then calls
/// `sync_pull` with at most the rows it answers, so the function every Supabase project
/// runs stays as it is. A row's size is estimated from the stored lengths of its text
/// columns (`octet_length` reads them without detoasting), the stored size of its clocks
/// and 512 bytes for its ids, times and JSON punctuation. It is an estimate: JSON writes a
/// control character as six bytes and a quote, backslash or line feed as two, so a page of
/// text made of those can be up to six times the bound. Rows are taken in change order
/// while the rows before them hold less than the bound, so a page always has one row, as
/// on SQLite. It reads as its caller, the tables' owner, whom row-level security does not
/// bind: the `user_id` condition picks the caller's rows.
enum PostgresSyncPageBytesSQL {
  static let text = #"""
    CREATE FUNCTION kiln_sync_pull_rows(
      p_user uuid, p_since bigint, p_max_rows integer, p_max_bytes bigint
    ) RETURNS integer
    LANGUAGE sql STABLE SET search_path = public, pg_temp AS $fn$
      WITH candidates AS (
        (SELECT c.change_seq, 512 + octet_length(c.title)
            + coalesce(octet_length(c.persona_name), 0)
            + coalesce(octet_length(c.persona_id), 0) + pg_column_size(c.clocks) AS size
          FROM public.conversations c
          WHERE c.user_id = p_user AND c.change_seq > p_since
          ORDER BY c.change_seq LIMIT p_max_rows)
        UNION ALL
        (SELECT m.change_seq, 512 + octet_length(m.content)
            + coalesce(octet_length(m.reasoning), 0) + coalesce(octet_length(m.model), 0)
            + coalesce(octet_length(m.status), 0) + coalesce(octet_length(m.finish_reason), 0)
            + coalesce(octet_length(m.error_code), 0) + octet_length(m.role)
            + pg_column_size(m.clocks)
          FROM public.messages m
          WHERE m.user_id = p_user AND m.change_seq > p_since
          ORDER BY m.change_seq LIMIT p_max_rows)
        UNION ALL
        (SELECT m.change_seq, 512 + octet_length(m.content)
            + coalesce(octet_length(m.source), 0) + pg_column_size(m.clocks)
          FROM public.memories m
          WHERE m.user_id = p_user AND m.change_seq > p_since
          ORDER BY m.change_seq LIMIT p_max_rows)
      ), page AS (
        SELECT change_seq, size FROM candidates ORDER BY change_seq LIMIT p_max_rows
      ), running AS (
        SELECT sum(size) OVER (ORDER BY change_seq) - size AS before FROM page
      )
      SELECT greatest(1, count(*) FILTER (WHERE before < p_max_bytes))::integer FROM running
    $fn$;

    REVOKE ALL ON FUNCTION kiln_sync_pull_rows(uuid, bigint, integer, bigint)
      FROM PUBLIC, anon, authenticated;
    """#
}
