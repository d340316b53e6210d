-- A student's attempts of both kinds, newest first (the teacher's student page /admin/students/:id): read from this index
-- backwards and seeking past (completed_at, id); attempts_student_idx puts kind between student and date, so that list was sorted.
CREATE INDEX "attempts_student_completed_idx" ON "attempts" USING btree ("student_id","completed_at","id");