CREATE TABLE `hearts` (
	`upload_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hearts_upload_user_idx` ON `hearts` (`upload_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `hearts_event_user_idx` ON `hearts` (`event_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `uploads` ADD `heart_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `uploads_event_album_hearts_idx` ON `uploads` (`event_id`,`album_id`,`heart_count`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_event_hearts_idx` ON `uploads` (`event_id`,`heart_count`,`created_at`);