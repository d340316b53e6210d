CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"student_id" integer NOT NULL,
	"saved_by_user_id" integer,
	"session_data" jsonb NOT NULL,
	"assessable" boolean NOT NULL,
	"overall" double precision,
	"scores" jsonb,
	"analysis" jsonb,
	"duration_ms" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"teacher_comment" text,
	"teacher_scores" jsonb,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_user_id" integer,
	CONSTRAINT "attempts_kind_check" CHECK ("attempts"."kind" in ('ielts', 'interview'))
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"attempt_id" uuid PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_kind_completed_idx" ON "attempts" USING btree ("kind","completed_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "attempts_student_idx" ON "attempts" USING btree ("student_id","kind","completed_at" DESC NULLS LAST);