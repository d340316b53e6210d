CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_chunks" (
	"upload_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "recording_chunks_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
--> statement-breakpoint
-- Recorded audio (Opus, AAC) does not compress: stored out of line without trying to.
ALTER TABLE "recording_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "store" text DEFAULT 'database' NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recordings_student_idx" ON "recordings" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "recordings_created_idx" ON "recordings" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_store_check" CHECK ("recordings"."store" in ('database', 'file'));--> statement-breakpoint
-- Recordings stored before this migration move into chunks of 256 KiB (store 'database'), under an upload id of their own.
UPDATE "recordings" SET "storage_key" = 'legacy-' || "attempt_id"::text, "student_id" = (SELECT "student_id" FROM "attempts" WHERE "attempts"."id" = "recordings"."attempt_id");--> statement-breakpoint
INSERT INTO "recording_chunks" ("upload_id", "seq", "data")
SELECT r."storage_key", g.i, substring(r."data" from g.i * 262144 + 1 for 262144)
FROM "recordings" r, generate_series(0, greatest(ceil(r."size_bytes" / 262144.0)::int - 1, 0)) AS g(i);--> statement-breakpoint
ALTER TABLE "recordings" DROP COLUMN "data";
