CREATE TABLE `guestbook_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`text` text NOT NULL,
	`approved` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guestbook_event_created_idx` ON `guestbook_entries` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `guestbook_event_user_idx` ON `guestbook_entries` (`event_id`,`user_id`);