CREATE TABLE `event_pushes` (
	`event_id` integer PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`pid` integer,
	`started_at` text NOT NULL,
	`finished_at` text,
	`files_total` integer DEFAULT 0 NOT NULL,
	`bytes_total` integer DEFAULT 0 NOT NULL,
	`files_done` integer DEFAULT 0 NOT NULL,
	`bytes_done` integer DEFAULT 0 NOT NULL,
	`files_sent` integer DEFAULT 0 NOT NULL,
	`bytes_sent` integer DEFAULT 0 NOT NULL,
	`error` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
