-- Who is signed in is remembered in memory on PGlite (app/lib/session-lookup.server.ts):
-- every statement that changes a session or a person says so on this channel, at its
-- commit, and the memory is forgotten before the writer goes on. PGlite is the one
-- process and the one connection, so no change can pass unheard, as long as nobody
-- switches the triggers off or sends a change in one protocol message together with a
-- statement that fails after its COMMIT (PGlite drops the messages after an error).
-- PostgreSQL looks every session up; nobody listens there, and the notifications of
-- the few writes to these tables (sign-ins, the hourly last-seen) cost next to nothing.
CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chuchiblog_sessions_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
