DROP INDEX "students_created_idx";--> statement-breakpoint
CREATE INDEX "students_created_idx" ON "students" USING btree ("created_at","id");