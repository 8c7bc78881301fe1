CREATE TABLE `host_volunteers` (
	`meeting_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`meeting_id`, `member_id`),
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `host_volunteers_member_idx` ON `host_volunteers` (`member_id`);--> statement-breakpoint
CREATE TABLE `meeting_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`meeting_id` integer NOT NULL,
	`author_id` integer,
	`audience` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meeting_messages_meeting_idx` ON `meeting_messages` (`meeting_id`,`id`);--> statement-breakpoint
CREATE TABLE `theme_vote_closings` (
	`meeting_id` integer PRIMARY KEY NOT NULL,
	`next_meeting_id` integer NOT NULL,
	`closed_by` integer,
	`closed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`closed_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `theme_votes` (
	`meeting_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`theme_id` integer NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`meeting_id`, `member_id`),
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`theme_id`) REFERENCES `themes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `theme_votes_member_idx` ON `theme_votes` (`member_id`);--> statement-breakpoint
CREATE INDEX `theme_votes_theme_idx` ON `theme_votes` (`theme_id`);--> statement-breakpoint
ALTER TABLE `guests` ADD `email` text;--> statement-breakpoint
ALTER TABLE `guests` ADD `invited_at` text;