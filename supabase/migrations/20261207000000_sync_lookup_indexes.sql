-- Lookups by id that stay on an index of the id however little the planner knows.
--
-- Under row-level security every lookup of a synced row by id also carries the policy's
-- user_id condition. On a new database, before the tables have statistics, the planner
-- rates the (user_id, change_seq) index as good as the primary key and picks it, so each
-- lookup walks every row the user has; a first sync of 10,000 messages took 10 s instead of
-- 5 s until autovacuum analyzed the tables. An index on (id, user_id) takes both conditions
-- as its key, so it wins whatever the statistics say.

CREATE UNIQUE INDEX conversations_id_user ON public.conversations (id, user_id);
CREATE UNIQUE INDEX messages_id_user ON public.messages (id, user_id);
CREATE UNIQUE INDEX memories_id_user ON public.memories (id, user_id);
