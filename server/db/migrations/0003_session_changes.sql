-- Server processes keep a signed-in check in memory for a few seconds (server/auth/sessionCache.ts). These
-- triggers tell every process, when the change commits, what can no longer be trusted: a session deleted or cut
-- short ('t:' and its token hash), a user whose status, roles or name changed or who was deleted ('u:' and the
-- id), everything after a TRUNCATE ('*').
CREATE FUNCTION shipdesk_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('shipdesk_sessions', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('shipdesk_sessions', 't:' || OLD.token_hash);
  ELSE
    PERFORM pg_notify('shipdesk_sessions', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION shipdesk_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_cut_short AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at OR NEW.user_id <> OLD.user_id OR NEW.token_hash <> OLD.token_hash)
  EXECUTE FUNCTION shipdesk_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION shipdesk_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_signed_in_fields AFTER UPDATE OF status, roles, name ON users
  FOR EACH ROW WHEN (NEW.status <> OLD.status OR NEW.roles <> OLD.roles OR NEW.name <> OLD.name)
  EXECUTE FUNCTION shipdesk_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION shipdesk_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION shipdesk_sessions_changed();
