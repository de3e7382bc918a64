ALTER TABLE `events` ADD `reveal_at` text;--> statement-breakpoint
ALTER TABLE `events` ADD `shots_per_guest` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `deleted_shots_return` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `guests` ADD `shots_taken` integer DEFAULT 0 NOT NULL;