CREATE TABLE `bottle_aliases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bottle_id` integer NOT NULL,
	`name` text NOT NULL,
	`merged_from_id` integer,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`bottle_id`) REFERENCES `bottles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bottle_aliases_bottle_idx` ON `bottle_aliases` (`bottle_id`);--> statement-breakpoint
ALTER TABLE `bottle_instances` ADD `opened_date` text;--> statement-breakpoint
ALTER TABLE `bottle_instances` ADD `level_pct` integer;--> statement-breakpoint
ALTER TABLE `bottle_instances` ADD `level_set_on` text;--> statement-breakpoint
ALTER TABLE `bottles` ADD `size_ml` integer DEFAULT 700 NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `oidc_subject` text;--> statement-breakpoint
CREATE UNIQUE INDEX `members_oidc_subject_idx` ON `members` (`oidc_subject`) WHERE "members"."oidc_subject" IS NOT NULL;--> statement-breakpoint
UPDATE `bottle_instances` SET `opened_date` = (SELECT min(m.`date`) FROM `meeting_bottles` mb JOIN `meetings` m ON m.`id` = mb.`meeting_id` WHERE mb.`bottle_id` = `bottle_instances`.`bottle_id` AND m.`date` >= `bottle_instances`.`date_purchased` AND (`bottle_instances`.`date_finished` IS NULL OR m.`date` <= `bottle_instances`.`date_finished`)) WHERE `opened_date` IS NULL;--> statement-breakpoint
UPDATE `bottle_instances` SET `opened_date` = `date_purchased` WHERE `opened_date` IS NULL AND `date_finished` IS NOT NULL;
