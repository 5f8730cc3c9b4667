ALTER TABLE "security_policies" ADD COLUMN "password_classes" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
-- Hand-written (issue 17, append-only security events). The deletion escape of 0009's trigger
-- (netguard.allow_event_delete = on) is meant for an operator's deliberate purge, yet any role
-- could set the option in its own session, the application's included. This statement trigger
-- refuses it to every role but the table's owner (and its members, such as a superuser). The
-- application role also holds no UPDATE, DELETE or TRUNCATE on the table (db/app-role.ts).
CREATE FUNCTION security_events_purge_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('netguard.allow_event_delete', true), '') = 'on'
    AND NOT pg_has_role(current_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = TG_RELID), 'MEMBER')
  THEN
    RAISE EXCEPTION 'security_events is append-only: only its owner may purge events (netguard.allow_event_delete), not %', current_user;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER security_events_purge_guard BEFORE DELETE OR TRUNCATE ON security_events
  FOR EACH STATEMENT EXECUTE FUNCTION security_events_purge_guard();
