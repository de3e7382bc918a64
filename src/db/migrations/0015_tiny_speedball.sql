ALTER TABLE `guestbook_entries` ADD `attachment_kind` text;--> statement-breakpoint
ALTER TABLE `guestbook_entries` ADD `attachment_key` text;--> statement-breakpoint
ALTER TABLE `guestbook_entries` ADD `attachment_ext` text;--> statement-breakpoint
ALTER TABLE `guestbook_entries` ADD `attachment_mime` text;--> statement-breakpoint
ALTER TABLE `guestbook_entries` ADD `attachment_bytes` integer;--> statement-breakpoint
ALTER TABLE `guestbook_entries` ADD `attachment_name` text;--> statement-breakpoint
ALTER TABLE `guestbook_entries` ADD `attachment_seconds` real;--> statement-breakpoint
ALTER TABLE `guestbook_entries` ADD `attachment_state` text;--> statement-breakpoint
ALTER TABLE `guestbook_entries` ADD `attachment_playable` text;--> statement-breakpoint
CREATE UNIQUE INDEX `guestbook_entries_attachment_key_unique` ON `guestbook_entries` (`attachment_key`);--> statement-breakpoint
ALTER TABLE `jobs` ADD `guestbook_entry_id` integer REFERENCES guestbook_entries(id) ON DELETE cascade;