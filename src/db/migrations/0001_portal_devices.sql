CREATE TABLE `portal_devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address` text NOT NULL,
	`mac` text,
	`joined_until` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `portal_devices_address_idx` ON `portal_devices` (`address`);--> statement-breakpoint
CREATE INDEX `portal_devices_mac_idx` ON `portal_devices` (`mac`);