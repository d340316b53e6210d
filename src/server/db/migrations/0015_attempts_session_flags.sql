-- The session flags the lists, the CSV export and My progress read for every row, kept beside the row:
-- read from session_data they decompressed each attempt's whole transcript (20,000+ blocks for 1,200 attempts).
ALTER TABLE "attempts" ADD COLUMN "no_transcript" boolean GENERATED ALWAYS AS (coalesce(session_data -> 'noTranscript' = 'true'::jsonb, false)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "no_recording" boolean GENERATED ALWAYS AS (coalesce(session_data -> 'noRecording' = 'true'::jsonb, false)) STORED NOT NULL;