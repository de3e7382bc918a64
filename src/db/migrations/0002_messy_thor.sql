ALTER TABLE `events` ADD `auto_share_uploads` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `wall_seconds_per_slide` integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `wall_show_nicknames` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `wall_include_videos` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `wall_show_qr` integer DEFAULT true NOT NULL;