CREATE TABLE `rsvps` (
	`meeting_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`status` text NOT NULL,
	`guests` integer DEFAULT 0 NOT NULL,
	`going_since` text,
	`waitlisted` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`meeting_id`, `member_id`),
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rsvps_member_idx` ON `rsvps` (`member_id`);--> statement-breakpoint
CREATE TABLE `scores` (
	`meeting_id` integer NOT NULL,
	`bottle_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`nose` integer NOT NULL,
	`palate` integer NOT NULL,
	`finish` integer NOT NULL,
	`balance` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`guess_abv` real,
	`guess_drink_type_id` integer,
	`guess_state_id` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`meeting_id`, `bottle_id`, `member_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`meeting_id`,`bottle_id`) REFERENCES `meeting_bottles`(`meeting_id`,`bottle_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scores_member_idx` ON `scores` (`member_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `scores_bottle_idx` ON `scores` (`bottle_id`);--> statement-breakpoint
ALTER TABLE `meeting_bottles` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `meeting_bottles` ADD `pour_ml` integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE `meeting_bottles` ADD `revealed_at` text;--> statement-breakpoint
ALTER TABLE `meetings` ADD `host_member_id` integer REFERENCES members(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `meetings` ADD `capacity` integer;--> statement-breakpoint
ALTER TABLE `meetings` ADD `blind` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `meetings` ADD `scoring_open` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- The bottles already sampled become each meeting's flight, in the order the meeting's page lists them (by name).
UPDATE `meeting_bottles` SET `position` = (
  SELECT count(*) FROM `meeting_bottles` AS o JOIN `bottles` AS ob ON ob.`id` = o.`bottle_id`, `bottles` AS b
  WHERE b.`id` = `meeting_bottles`.`bottle_id` AND o.`meeting_id` = `meeting_bottles`.`meeting_id`
    AND (lower(ob.`name`) < lower(b.`name`) OR (lower(ob.`name`) = lower(b.`name`) AND ob.`id` <= b.`id`))
);