ALTER TABLE `events` ADD `print_line` text;--> statement-breakpoint
ALTER TABLE `events` ADD `print_date` text;--> statement-breakpoint
ALTER TABLE `events` ADD `couple_opened_at` text;--> statement-breakpoint
ALTER TABLE `events` ADD `print_opened_at` text;--> statement-breakpoint
ALTER TABLE `events` ADD `wall_opened_at` text;--> statement-breakpoint
ALTER TABLE `events` ADD `setup_dismissed_at` text;