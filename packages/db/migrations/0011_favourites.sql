-- A member marks bottles as favourites (one row per member and bottle).
-- Both keys cascade: a bottle's or a member's deletion takes its favourites along (an undo of the
-- bottle's deletion gives them back, childTables.ts).
CREATE TABLE `favourites` (
	`member_id` integer NOT NULL,
	`bottle_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`member_id`, `bottle_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bottle_id`) REFERENCES `bottles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favourites_bottle_idx` ON `favourites` (`bottle_id`);
