CREATE TABLE `invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text,
	`created_by` integer,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invites_tokenHash_unique` ON `invites` (`token_hash`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_tokenHash_unique` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_member_idx` ON `password_reset_tokens` (`member_id`);--> statement-breakpoint
CREATE TABLE `activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`member_id` integer,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`before` text,
	`after` text,
	`request_id` text,
	`undone_at` text,
	`undone_by` integer,
	`undo_of` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`undone_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `activity_entity_idx` ON `activity` (`entity`,`entity_id`,`id`);--> statement-breakpoint
CREATE INDEX `activity_member_idx` ON `activity` (`member_id`,`id`);--> statement-breakpoint
DROP INDEX `members_email_unique`;--> statement-breakpoint
ALTER TABLE `members` ADD `role` text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `token_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `invite_id` integer REFERENCES invites(id) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `members_confirmed_email_idx` ON `members` (`email`) WHERE "email_confirmed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `members_email_idx` ON `members` (`email`);--> statement-breakpoint
ALTER TABLE `bottle_instances` ADD `created_by` integer REFERENCES members(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `bottles` ADD `created_by` integer REFERENCES members(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `states` ADD `country_id` integer REFERENCES countries(id);--> statement-breakpoint
ALTER TABLE `meetings` ADD `created_by` integer REFERENCES members(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `themes` ADD `created_by` integer REFERENCES members(id) ON DELETE set null;--> statement-breakpoint
-- An existing club's first confirmed member becomes its admin (the first member of a new club is made admin at registration).
UPDATE `members` SET `role` = 'admin' WHERE `id` = (SELECT min(`id`) FROM `members` WHERE `email_confirmed_at` IS NOT NULL);--> statement-breakpoint
-- Regions belong to their country; 'Other' stays available for every country.
UPDATE `states` SET `country_id` = (SELECT `id` FROM `countries` WHERE `name` = 'United States') WHERE `name` IN ('Kentucky', 'Tennessee', 'Indiana', 'Texas', 'New York', 'Colorado', 'Washington', 'Oregon', 'California', 'Virginia', 'Pennsylvania', 'Utah');--> statement-breakpoint
UPDATE `states` SET `country_id` = (SELECT `id` FROM `countries` WHERE `name` = 'Scotland') WHERE `name` IN ('Speyside', 'Highlands', 'Lowlands', 'Islay', 'Islands', 'Campbeltown');--> statement-breakpoint
UPDATE `states` SET `country_id` = (SELECT `id` FROM `countries` WHERE `name` = 'Ireland') WHERE `name` IN ('County Cork', 'County Dublin');--> statement-breakpoint
UPDATE `states` SET `country_id` = (SELECT `id` FROM `countries` WHERE `name` = 'Ireland') WHERE `name` = 'County Antrim';--> statement-breakpoint
UPDATE `states` SET `country_id` = (SELECT `id` FROM `countries` WHERE `name` = 'Japan') WHERE `name` IN ('Hokkaido', 'Yamanashi', 'Osaka');--> statement-breakpoint
UPDATE `states` SET `country_id` = (SELECT `id` FROM `countries` WHERE `name` = 'Canada') WHERE `name` IN ('Ontario', 'Alberta');--> statement-breakpoint
UPDATE `states` SET `country_id` = (SELECT `id` FROM `countries` WHERE `name` = 'India') WHERE `name` = 'Goa';