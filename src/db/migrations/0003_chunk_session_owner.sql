ALTER TABLE `chunk_sessions` ADD `owner` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `chunk_sessions` ADD `received_bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `chunk_sessions_owner_idx` ON `chunk_sessions` (`owner`,`upload_id`);