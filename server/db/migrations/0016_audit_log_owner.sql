-- The audit log and its append-only trigger function belong to clusterdeck_audit_owner, a role
-- nobody signs in as; the role that owned them (the one the app runs as) keeps SELECT and INSERT
-- only, so it can neither disable nor drop the trigger, nor update, delete or truncate entries.
-- A role cannot fence itself in: when the migrating role may not do all of it, a NOTICE says what
-- is missing and nothing fails. This file can be run again as it is, by a superuser, to finish it:
--   psql "$SUPERUSER_DATABASE_URL" -f server/db/migrations/0016_audit_log_owner.sql
DO $$
DECLARE
  owner_role constant text := 'clusterdeck_audit_owner';
  me record;
  app_role text;
  membership record;
  granted_self boolean := false;
BEGIN
  SELECT rolname, rolsuper, rolcreaterole INTO me FROM pg_roles WHERE rolname = current_user;
  SELECT pg_get_userbyid(relowner) INTO app_role FROM pg_class WHERE oid = 'public.audit_entries'::regclass;

  IF app_role <> owner_role THEN
    BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = owner_role) THEN
        IF NOT (me.rolsuper OR me.rolcreaterole) THEN
          RAISE NOTICE 'Audit log: % may not create the role %, so % still owns audit_entries and could disable its append-only trigger. Have a superuser run server/db/migrations/0016_audit_log_owner.sql on this database (docs/operations.md).',
            me.rolname, owner_role, app_role;
          RETURN;
        END IF;
        EXECUTE format('CREATE ROLE %I NOLOGIN', owner_role);
      END IF;
      -- Handing a table over needs the right to act as its new owner, taken here for the time of the move.
      IF current_setting('server_version_num')::int < 160000 THEN
        IF NOT me.rolsuper AND NOT pg_has_role(current_user, owner_role, 'MEMBER') THEN
          EXECUTE format('GRANT %I TO %I', owner_role, current_user);
          granted_self := true;
        END IF;
      ELSIF NOT me.rolsuper AND NOT pg_has_role(current_user, owner_role, 'SET') THEN
        EXECUTE format('GRANT %I TO %I WITH INHERIT FALSE, SET TRUE', owner_role, current_user);
        granted_self := true;
      END IF;
      EXECUTE format('GRANT USAGE, CREATE ON SCHEMA public TO %I', owner_role);
      EXECUTE format('ALTER TABLE public.audit_entries OWNER TO %I', owner_role);
      EXECUTE format('ALTER FUNCTION public.audit_entries_append_only() OWNER TO %I', owner_role);
      EXECUTE format('REVOKE CREATE ON SCHEMA public FROM %I', owner_role);
      -- The new owner grants: the old one's privileges went over to it with the table.
      EXECUTE format('SET LOCAL ROLE %I', owner_role);
      EXECUTE format('GRANT SELECT, INSERT ON public.audit_entries TO %I', app_role);
      EXECUTE format('GRANT USAGE ON SEQUENCE public.audit_entries_id_seq TO %I', app_role);
      RESET ROLE;
      IF granted_self THEN
        EXECUTE format('REVOKE %I FROM %I', owner_role, me.rolname);
      END IF;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'Audit log: % could not hand audit_entries over to % (%), so % still owns it and could disable its append-only trigger. Have a superuser run server/db/migrations/0016_audit_log_owner.sql on this database (docs/operations.md).',
        me.rolname, owner_role, SQLERRM, app_role;
      RETURN;
    END;
  END IF;

  -- Nobody may act as the owner: a superuser takes back every membership (a role that created the
  -- owner role holds one, with ADMIN OPTION, that only a superuser can revoke).
  IF me.rolsuper THEN
    FOR membership IN
      SELECT pg_get_userbyid(member) AS member, pg_get_userbyid(grantor) AS grantor
      FROM pg_auth_members WHERE roleid = (SELECT oid FROM pg_roles WHERE rolname = owner_role)
    LOOP
      EXECUTE format('REVOKE %I FROM %I GRANTED BY %I', owner_role, membership.member, membership.grantor);
    END LOOP;
  ELSIF EXISTS (
    SELECT FROM pg_auth_members
    WHERE roleid = (SELECT oid FROM pg_roles WHERE rolname = owner_role)
      AND member = (SELECT oid FROM pg_roles WHERE rolname = me.rolname)
  ) THEN
    RAISE NOTICE 'Audit log: % created the role % and keeps ADMIN OPTION on it, so it could still take audit_entries back. Have a superuser run server/db/migrations/0016_audit_log_owner.sql on this database (docs/operations.md).',
      me.rolname, owner_role;
  END IF;

  IF app_role <> owner_role AND (SELECT rolsuper FROM pg_roles WHERE rolname = app_role) THEN
    RAISE NOTICE 'Audit log: the app connects as %, a superuser, which ignores every privilege: run it as a role that is not (docs/operations.md).',
      app_role;
  END IF;
END
$$;
