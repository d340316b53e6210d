ALTER TABLE "users" ADD COLUMN "password_chosen" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Teachers added before this column whose first link is still the one they were added with (never used,
-- never re-sent: it expires exactly 72 hours after the account was made) have no password of their own yet.
-- Any other account counts as having one, so a new link for it only ever goes to its own e-mail.
UPDATE "users" SET "password_chosen" = false
  WHERE "is_admin" AND "password_link_hash" IS NOT NULL AND "password_link_expires_at" = "created_at" + interval '72 hours';
