DROP INDEX "attempts_kind_completed_idx";--> statement-breakpoint
DROP INDEX "attempts_student_idx";--> statement-breakpoint
CREATE INDEX "attempts_kind_completed_idx" ON "attempts" USING btree ("kind","completed_at","id");--> statement-breakpoint
CREATE INDEX "attempts_student_idx" ON "attempts" USING btree ("student_id","kind","completed_at","id");