CREATE TABLE `face_scans` (
	`upload_id` integer PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL,
	`state` text NOT NULL,
	`face_count` integer DEFAULT 0 NOT NULL,
	`error` text,
	`scanned_at` text NOT NULL,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `face_scans_event_idx` ON `face_scans` (`event_id`);--> statement-breakpoint
CREATE TABLE `faces` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`upload_id` integer NOT NULL,
	`box_x` real NOT NULL,
	`box_y` real NOT NULL,
	`box_w` real NOT NULL,
	`box_h` real NOT NULL,
	`descriptor` blob NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `faces_event_idx` ON `faces` (`event_id`);--> statement-breakpoint
CREATE INDEX `faces_upload_idx` ON `faces` (`upload_id`);--> statement-breakpoint
ALTER TABLE `events` ADD `face_search` integer DEFAULT false NOT NULL;