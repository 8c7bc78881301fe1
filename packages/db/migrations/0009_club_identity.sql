-- The club's own id, made once when this migration runs and kept with the club's data
-- (exported and restored with it). Calendar UIDs are built from it, not from APP_URL, so a club
-- that moves to another address keeps its events in every subscriber's calendar.
CREATE TABLE `club_identity` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`calendar_id` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `club_identity` (`id`, `calendar_id`) VALUES (1, lower(hex(randomblob(16))));
