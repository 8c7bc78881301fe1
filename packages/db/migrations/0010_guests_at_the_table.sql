-- Guests at the tasting table (guest codes, guests and their scores), the host's phases,
-- and whether guests count in a bottle's club score.
ALTER TABLE `meetings` ADD `guests_in_club_score` integer DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE `guest_codes` (
	`meeting_id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_codes_code_idx` ON `guest_codes` (`code`);
--> statement-breakpoint
CREATE TABLE `guests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`meeting_id` integer NOT NULL,
	`first_name` text NOT NULL,
	`guest_of` text,
	`joined_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guests_meeting_idx` ON `guests` (`meeting_id`);
--> statement-breakpoint
CREATE TABLE `guest_scores` (
	`meeting_id` integer NOT NULL,
	`bottle_id` integer NOT NULL,
	`guest_id` integer NOT NULL,
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
	PRIMARY KEY(`meeting_id`, `bottle_id`, `guest_id`),
	FOREIGN KEY (`guest_id`) REFERENCES `guests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`meeting_id`,`bottle_id`) REFERENCES `meeting_bottles`(`meeting_id`,`bottle_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guest_scores_guest_idx` ON `guest_scores` (`guest_id`);
--> statement-breakpoint
CREATE INDEX `guest_scores_bottle_idx` ON `guest_scores` (`bottle_id`);
--> statement-breakpoint
CREATE TABLE `meeting_phases` (
	`meeting_id` integer PRIMARY KEY NOT NULL,
	`pour` integer NOT NULL,
	`phase` text,
	`ends_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The checks of migration 0008, for guests' scores and names (triggers: see 0008).
CREATE TRIGGER `guest_scores_parts_insert` BEFORE INSERT ON `guest_scores`
WHEN NEW.`nose` NOT BETWEEN 0 AND 25 OR NEW.`palate` NOT BETWEEN 0 AND 25 OR NEW.`finish` NOT BETWEEN 0 AND 25
  OR NEW.`balance` NOT BETWEEN 0 AND 25 OR NEW.`guess_abv` NOT BETWEEN 0 AND 100
BEGIN SELECT RAISE(ABORT, 'Score each part from 0 to 25.'); END;
--> statement-breakpoint
CREATE TRIGGER `guest_scores_parts_update` BEFORE UPDATE ON `guest_scores`
WHEN NEW.`nose` NOT BETWEEN 0 AND 25 OR NEW.`palate` NOT BETWEEN 0 AND 25 OR NEW.`finish` NOT BETWEEN 0 AND 25
  OR NEW.`balance` NOT BETWEEN 0 AND 25 OR NEW.`guess_abv` NOT BETWEEN 0 AND 100
BEGIN SELECT RAISE(ABORT, 'Score each part from 0 to 25.'); END;
--> statement-breakpoint
CREATE TRIGGER `guests_name_insert` BEFORE INSERT ON `guests`
WHEN length(NEW.`first_name`) NOT BETWEEN 1 AND 40 OR length(coalesce(NEW.`guest_of`, 'x')) NOT BETWEEN 1 AND 40
BEGIN SELECT RAISE(ABORT, 'A name has 1 to 40 characters.'); END;
--> statement-breakpoint
CREATE TRIGGER `meeting_phases_phase_insert` BEFORE INSERT ON `meeting_phases`
WHEN NEW.`phase` IS NOT NULL AND NEW.`phase` NOT IN ('pour', 'nose', 'palate', 'finish', 'score')
BEGIN SELECT RAISE(ABORT, 'A phase is pour, nose, palate, finish or score.'); END;
--> statement-breakpoint
CREATE TRIGGER `meeting_phases_phase_update` BEFORE UPDATE ON `meeting_phases`
WHEN NEW.`phase` IS NOT NULL AND NEW.`phase` NOT IN ('pour', 'nose', 'palate', 'finish', 'score')
BEGIN SELECT RAISE(ABORT, 'A phase is pour, nose, palate, finish or score.'); END;
--> statement-breakpoint
CREATE TRIGGER `guests_at_most_30` BEFORE INSERT ON `guests`
WHEN (SELECT count(*) FROM `guests` WHERE `meeting_id` = NEW.`meeting_id`) >= 30
BEGIN SELECT RAISE(ABORT, 'This meeting has 30 guests, the most it takes.'); END;
--> statement-breakpoint
CREATE VIEW `club_score_rows` AS
  SELECT `meeting_id`, `bottle_id`, `nose` + `palate` + `finish` + `balance` AS `total` FROM `scores`
  UNION ALL
  SELECT gs.`meeting_id`, gs.`bottle_id`, gs.`nose` + gs.`palate` + gs.`finish` + gs.`balance` AS `total`
  FROM `guest_scores` gs JOIN `meetings` m ON m.`id` = gs.`meeting_id`
  WHERE m.`guests_in_club_score` = 1;
