ALTER TABLE "organizations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- An organization's invoices and billing mails start in the language its first admin chose.
UPDATE "organizations" SET "language" = "first_admin"."language"
FROM (
  SELECT DISTINCT ON ("organization_id") "organization_id", "language"
  FROM "users"
  WHERE "role" IN ('admin', 'super_admin')
  ORDER BY "organization_id", "created_at"
) AS "first_admin"
WHERE "first_admin"."organization_id" = "organizations"."id";
