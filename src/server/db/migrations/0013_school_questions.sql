CREATE TABLE "school_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"part" integer NOT NULL,
	"text" text NOT NULL,
	"bullets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"topic_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"retired_at" timestamp with time zone,
	"added_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_questions_part_check" CHECK ("school_questions"."part" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "school_questions" ADD CONSTRAINT "school_questions_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_questions_text_unique" ON "school_questions" USING btree (lower("text"));