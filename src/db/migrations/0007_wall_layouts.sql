ALTER TABLE `events` ADD `wall_layout` text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `wall_ken_burns` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `wall_qr_content` text DEFAULT 'event' NOT NULL;