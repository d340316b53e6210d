-- pg_trgm (contrib; in Debian's postgresql-15 and loaded by PGlite from @electric-sql/pglite/contrib) for the student search's trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "students_name_trgm_idx" ON "students" USING gin ("student_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_mobile_trgm_idx" ON "students" USING gin ("mobile_number" gin_trgm_ops);