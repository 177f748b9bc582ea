ALTER TABLE "credit_entries" ADD COLUMN "note_french" text;--> statement-breakpoint
-- The notes the product wrote before it wrote them in French too; an officer's note stays as typed.
UPDATE "credit_entries" SET "note_french" = CASE
  WHEN "note" = 'Welcome credit' THEN 'Crédit de bienvenue'
  WHEN "note" = 'Migration credit' THEN 'Crédit de migration'
  WHEN "note" = 'Bought by card or SEPA Direct Debit' THEN 'Acheté par carte ou prélèvement SEPA'
  WHEN "note" LIKE 'Credit note %' AND "kind" = 'grant' THEN 'Avoir ' || substr("note", 13)
END
WHERE "note_french" IS NULL;
