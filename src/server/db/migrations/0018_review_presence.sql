CREATE TABLE "review_presence" (
	"attempt_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_presence_attempt_id_user_id_pk" PRIMARY KEY("attempt_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "review_presence" ADD CONSTRAINT "review_presence_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_presence" ADD CONSTRAINT "review_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_presence_seen_idx" ON "review_presence" USING btree ("seen_at");