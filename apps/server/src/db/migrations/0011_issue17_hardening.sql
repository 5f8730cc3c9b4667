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
--> statement-breakpoint
-- Hand-written (issue 17, password policies). A person's one password must satisfy the policy of
-- every organization they belong to. Row-level security hides the other organizations' policies
-- from a request of the application role, so their strictest rules are read by this function,
-- which runs as the owner and returns nothing but the maxima. An organization without a saved
-- policy counts with the defaults the caller passes (DEFAULT_SECURITY_POLICY).
CREATE FUNCTION netguard_password_rules(p_user uuid, d_min_length integer, d_history integer, d_classes integer)
  RETURNS TABLE (min_length integer, history integer, classes integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT max(coalesce(sp.password_min_length, d_min_length)),
         max(coalesce(sp.password_history, d_history)),
         max(coalesce(sp.password_classes, d_classes))
    FROM user_roles ur
    LEFT JOIN security_policies sp ON sp.organization_id = ur.organization_id
   WHERE ur.user_id = p_user
$$;
