DROP INDEX `uploads_event_album_idx`;--> statement-breakpoint
ALTER TABLE `uploads` ADD `tile_thumbnails` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `uploads_event_album_created_idx` ON `uploads` (`event_id`,`album_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_event_created_idx` ON `uploads` (`event_id`,`created_at`);