-- Times from the year 10000 on are refused.
--
-- PostgreSQL reads 9999-12-31T24:00:00.000Z (and a leap second at that midnight) as
-- 10000-01-01, and the wire form of that time has 25 characters where docs/SYNC.md promises
-- 24. Clients refuse a reply with such a time whole, so one such row, pushed by one faulty
-- or hostile device, would stop every pull of the account on every device. row_time now
-- refuses it with 22007, as it refuses any other time it cannot carry.

CREATE OR REPLACE FUNCTION sync_internal.row_time(p_row jsonb, p_key text, p_index int)
RETURNS timestamptz LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $fn$
DECLARE
  v_value jsonb := p_row -> p_key;
  v_time timestamptz;
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
    v_time := (v_value #>> '{}')::timestamptz;
  EXCEPTION
    WHEN others THEN
      PERFORM sync_internal.refuse(p_index, format('%s is not a valid time', p_key), '22007');
  END;
  IF v_time >= '10000-01-01 00:00:00+00'::timestamptz THEN
    PERFORM sync_internal.refuse(
      p_index, format('%s is after 9999-12-31T23:59:59.999Z', p_key), '22007');
  END IF;
  RETURN v_time;
END
$fn$;
