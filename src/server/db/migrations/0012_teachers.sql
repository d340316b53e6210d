ALTER TABLE "users" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_link_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_link_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_password_link_unique" ON "users" USING btree ("password_link_hash");