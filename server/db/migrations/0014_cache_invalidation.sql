-- Every instance keeps hot reads in memory (sessions, sidebar counts, notification lists, the
-- catalog) and drops them when one of these triggers names what changed, whoever wrote it.
-- Payloads on the channel clusterdeck_changes: user:<id>, organization:<id>,
-- organization-data:<id>, notifications:<user id>, catalog. (The servers also send sync:<n>
-- themselves, to learn that every change before it has been heard.)
CREATE FUNCTION "notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topic text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
  old_key text;
  new_key text;
BEGIN
  IF key_column IS NULL THEN
    PERFORM pg_notify('clusterdeck_changes', topic);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN old_key := to_jsonb(OLD) ->> key_column; END IF;
  IF TG_OP <> 'DELETE' THEN new_key := to_jsonb(NEW) ->> key_column; END IF;
  IF old_key IS NOT NULL THEN PERFORM pg_notify('clusterdeck_changes', topic || ':' || old_key); END IF;
  IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
    PERFORM pg_notify('clusterdeck_changes', topic || ':' || new_key);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_change"('user', 'user_id');--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_change"('user', 'id');--> statement-breakpoint
CREATE TRIGGER "organizations_changed" AFTER UPDATE OR DELETE ON "organizations" FOR EACH ROW EXECUTE FUNCTION "notify_change"('organization', 'id');--> statement-breakpoint
CREATE TRIGGER "clusters_changed" AFTER INSERT OR UPDATE OF "status", "organization_id" OR DELETE ON "clusters" FOR EACH ROW EXECUTE FUNCTION "notify_change"('organization-data', 'organization_id');--> statement-breakpoint
CREATE TRIGGER "orders_changed" AFTER INSERT OR UPDATE OF "organization_id" OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "notify_change"('organization-data', 'organization_id');--> statement-breakpoint
CREATE TRIGGER "notifications_changed" AFTER INSERT OR UPDATE OR DELETE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "notify_change"('notifications', 'user_id');--> statement-breakpoint
CREATE TRIGGER "cluster_types_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cluster_types" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"('catalog');
