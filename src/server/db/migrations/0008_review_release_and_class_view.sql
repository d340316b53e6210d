CREATE TABLE "review_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" integer,
	"by_username" text,
	"action" text NOT NULL,
	"from_review" jsonb,
	"to_review" jsonb,
	"reason" text,
	CONSTRAINT "review_events_action_check" CHECK ("review_events"."action" in ('saved', 'released'))
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "released_comment" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "released_scores" jsonb;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "released_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "latest_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "latest_overall" double precision;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_events_attempt_idx" ON "review_events" USING btree ("attempt_id","id");--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_released_by_user_id_users_id_fk" FOREIGN KEY ("released_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_awaiting_review_idx" ON "attempts" USING btree ("completed_at","id") WHERE "attempts"."released_at" is null;--> statement-breakpoint
CREATE INDEX "students_course_last_attempt_idx" ON "students" USING btree ("course_id","last_attempt_at");--> statement-breakpoint
-- The review trail is append-only (decision 0016): no UPDATE, except the foreign key's own "set null"
-- when a teacher's account is deleted (the name stays in by_username); no DELETE while the attempt exists.
CREATE FUNCTION "parley_review_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW."by_user_id" IS NULL AND OLD."by_user_id" IS NOT NULL
       AND (NEW."id", NEW."attempt_id", NEW."at", NEW."by_username", NEW."action", NEW."from_review", NEW."to_review", NEW."reason")
           IS NOT DISTINCT FROM (OLD."id", OLD."attempt_id", OLD."at", OLD."by_username", OLD."action", OLD."from_review", OLD."to_review", OLD."reason") THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'review_events is append-only: a review change cannot be edited';
  END IF;
  IF EXISTS (SELECT 1 FROM "attempts" WHERE "id" = OLD."attempt_id") THEN
    RAISE EXCEPTION 'review_events is append-only: a review change cannot be deleted';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "review_events_append_only" BEFORE UPDATE OR DELETE ON "review_events"
  FOR EACH ROW EXECUTE FUNCTION "parley_review_events_append_only"();--> statement-breakpoint
-- Each student's latest attempt and its result (the released teacher overall, else the estimate),
-- kept on the student for the class view: set when attempts are saved or a review released. One
-- statement-level trigger per event with the changed rows as a transition table, so a statement that
-- writes many attempts (an import, a seed) updates each student once, not once per attempt.
CREATE FUNCTION "parley_student_latest"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "students" s SET
    "last_attempt_at" = l."completed_at",
    "latest_attempt_id" = l."id",
    "latest_overall" = CASE
      WHEN l."released_at" IS NOT NULL AND jsonb_typeof(l."released_scores" -> 'overall') = 'number'
        THEN (l."released_scores" ->> 'overall')::double precision
      WHEN l."assessable" THEN l."overall"
      ELSE NULL END
  FROM (SELECT DISTINCT ON ("student_id") "student_id", "id", "completed_at", "overall", "assessable", "released_at", "released_scores"
        FROM "changed_attempts" ORDER BY "student_id", "completed_at" DESC, "id" DESC) l
  WHERE s."id" = l."student_id"
    AND (s."last_attempt_at" IS NULL OR s."latest_attempt_id" = l."id"
         OR (l."completed_at", l."id") > (s."last_attempt_at", s."latest_attempt_id"));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "attempts_student_latest_insert" AFTER INSERT ON "attempts"
  REFERENCING NEW TABLE AS "changed_attempts" FOR EACH STATEMENT EXECUTE FUNCTION "parley_student_latest"();--> statement-breakpoint
CREATE TRIGGER "attempts_student_latest_update" AFTER UPDATE ON "attempts"
  REFERENCING NEW TABLE AS "changed_attempts" FOR EACH STATEMENT EXECUTE FUNCTION "parley_student_latest"();--> statement-breakpoint
UPDATE "students" s SET "last_attempt_at" = l."completed_at", "latest_attempt_id" = l."id",
  "latest_overall" = CASE WHEN l."assessable" THEN l."overall" ELSE NULL END
FROM (SELECT DISTINCT ON ("student_id") "student_id", "id", "completed_at", "overall", "assessable"
      FROM "attempts" ORDER BY "student_id", "completed_at" DESC, "id" DESC) l
WHERE s."id" = l."student_id";
