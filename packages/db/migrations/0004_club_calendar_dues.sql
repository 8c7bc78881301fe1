CREATE TABLE `dues_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`month` text,
	`date` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`method` text,
	`note` text DEFAULT '' NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `dues_entries_member_idx` ON `dues_entries` (`member_id`,`date`);--> statement-breakpoint
CREATE UNIQUE INDEX `dues_entries_month_idx` ON `dues_entries` (`member_id`,`kind`,`month`) WHERE "dues_entries"."kind" IN ('monthly', 'waiver');--> statement-breakpoint
CREATE UNIQUE INDEX `dues_entries_joining_idx` ON `dues_entries` (`member_id`) WHERE "dues_entries"."kind" = 'joining';--> statement-breakpoint
CREATE TABLE `meeting_cancellations` (
	`meeting_id` integer PRIMARY KEY NOT NULL,
	`date` text NOT NULL,
	`summary` text NOT NULL,
	`sequence` integer NOT NULL,
	`cancelled_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notifications_sent` (
	`member_id` integer NOT NULL,
	`key` text NOT NULL,
	`sent_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`member_id`, `key`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `members` ADD `joined_at` text;--> statement-breakpoint
ALTER TABLE `members` ADD `dues_from` text;--> statement-breakpoint
ALTER TABLE `members` ADD `dues_until` text;--> statement-breakpoint
ALTER TABLE `members` ADD `meeting_reminders` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `dues_reminders` integer DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE `members` SET `joined_at` = coalesce(`email_confirmed_at`, `created_at`), `dues_from` = strftime('%Y-%m', 'now') WHERE `email_confirmed_at` IS NOT NULL AND `status` = 'active';
