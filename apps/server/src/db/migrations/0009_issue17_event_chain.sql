ALTER TABLE "security_events" ADD COLUMN "chain_org" uuid;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "chain_user" uuid;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "hash" text;--> statement-breakpoint
-- Hand-written below (issue 17, tamper-evident security event log); the unique constraint that
-- drizzle-kit generated is added after the backfill, which gives existing rows their seq.
-- event-chain backfill start
-- Canonical JSON of a jsonb value, as canonicalJson() in modules/audit/event-chain.ts writes it:
-- object keys sorted, no whitespace. A pg_temp function: gone when the migration's session ends.
CREATE FUNCTION pg_temp.netguard_canonical_json(v jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN CASE jsonb_typeof(v)
    WHEN 'object' THEN '{' || coalesce((
      SELECT string_agg(to_json(k)::text || ':' || pg_temp.netguard_canonical_json(v -> k), ',' ORDER BY k COLLATE "C")
      FROM jsonb_object_keys(v) AS k), '') || '}'
    WHEN 'array' THEN '[' || coalesce((
      SELECT string_agg(pg_temp.netguard_canonical_json(e), ',' ORDER BY i)
      FROM jsonb_array_elements(v) WITH ORDINALITY AS a(e, i)), '') || ']'
    ELSE coalesce(v::text, 'null')
  END;
END $$;--> statement-breakpoint
-- Existing rows join the chain of their organization in (created_at, id) order.
DO $$
DECLARE
  r record;
  chain uuid;
  started boolean := false;
  prev text;
  n bigint;
  h text;
BEGIN
  FOR r IN SELECT * FROM security_events WHERE seq IS NULL ORDER BY organization_id NULLS FIRST, created_at, id LOOP
    IF NOT started OR r.organization_id IS DISTINCT FROM chain THEN
      started := true;
      chain := r.organization_id;
      SELECT e.seq, e.hash INTO n, prev FROM security_events e
        WHERE e.chain_org IS NOT DISTINCT FROM chain AND e.seq IS NOT NULL ORDER BY e.seq DESC LIMIT 1;
      n := coalesce(n, 0);
      prev := coalesce(prev, repeat('0', 64));
    END IF;
    n := n + 1;
    h := encode(sha256(convert_to('[' || concat_ws(',',
      to_json('netguard-event-v1'::text)::text,
      to_json(prev)::text,
      to_json(n::text)::text,
      to_json(r.id::text)::text,
      coalesce(to_json(r.organization_id::text)::text, 'null'),
      coalesce(to_json(r.user_id::text)::text, 'null'),
      to_json(r.event_type::text)::text,
      to_json(r.severity::text)::text,
      to_json(r.description)::text,
      to_json(pg_temp.netguard_canonical_json(r.metadata))::text,
      coalesce(to_json(r.ip_address)::text, 'null'),
      coalesce(to_json(r.user_agent)::text, 'null'),
      to_json(to_char(date_trunc('milliseconds', r.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
    ) || ']', 'UTF8')), 'hex');
    UPDATE security_events
      SET chain_org = r.organization_id, chain_user = r.user_id, seq = n, prev_hash = prev, hash = h
      WHERE id = r.id;
    prev := h;
  END LOOP;
END $$;--> statement-breakpoint
DROP FUNCTION pg_temp.netguard_canonical_json(jsonb);--> statement-breakpoint
-- event-chain backfill end
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_chain_seq_uq" UNIQUE NULLS NOT DISTINCT("chain_org","seq");--> statement-breakpoint
-- Append-only: a row may only lose its user or organization (the FK's ON DELETE SET NULL).
-- Deleting is refused unless the row's organization is gone, or the session sets
-- netguard.allow_event_delete = on (an operator's deliberate purge; verify then reports the gap).
-- This stops mistakes and the application, not a database superuser: the hash chain is what
-- makes tampering evident (`netguard events verify`).
CREATE FUNCTION security_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (to_jsonb(NEW) - 'user_id' - 'organization_id') = (to_jsonb(OLD) - 'user_id' - 'organization_id')
      AND (NEW.user_id IS NULL OR NEW.user_id IS NOT DISTINCT FROM OLD.user_id)
      AND (NEW.organization_id IS NULL OR NEW.organization_id IS NOT DISTINCT FROM OLD.organization_id)
    THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'security_events is append-only: event % cannot be changed', OLD.id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF coalesce(current_setting('netguard.allow_event_delete', true), '') = 'on' THEN
      RETURN OLD;
    END IF;
    IF OLD.chain_org IS NOT NULL AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.chain_org) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'security_events is append-only: event % cannot be deleted', OLD.id;
  END IF;
  -- TRUNCATE
  IF coalesce(current_setting('netguard.allow_event_delete', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'security_events is append-only: it cannot be truncated';
END $$;--> statement-breakpoint
CREATE TRIGGER security_events_append_only BEFORE UPDATE OR DELETE ON security_events
  FOR EACH ROW EXECUTE FUNCTION security_events_append_only();--> statement-breakpoint
CREATE TRIGGER security_events_no_truncate BEFORE TRUNCATE ON security_events
  FOR EACH STATEMENT EXECUTE FUNCTION security_events_append_only();
