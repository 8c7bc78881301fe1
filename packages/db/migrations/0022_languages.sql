ALTER TABLE `members` ADD `language` text;--> statement-breakpoint
ALTER TABLE `club_identity` ADD `language` text;