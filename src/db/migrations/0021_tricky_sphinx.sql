CREATE TABLE `face_drops` (
	`event_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`upload_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `face_drops_event_user_upload_idx` ON `face_drops` (`event_id`,`user_id`,`upload_id`);--> statement-breakpoint
CREATE TABLE `face_exclusions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`descriptor` blob NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `face_exclusions_event_idx` ON `face_exclusions` (`event_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `face_search_selfies` (
	`event_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`descriptor` blob NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `face_search_selfies_event_user_idx` ON `face_search_selfies` (`event_id`,`user_id`);