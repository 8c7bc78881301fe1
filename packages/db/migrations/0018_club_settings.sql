CREATE TABLE `dues_rates` (
	`from_month` text PRIMARY KEY NOT NULL,
	`monthly_dues_cents` integer NOT NULL,
	`joining_fee_cents` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `club_identity` ADD `name` text;--> statement-breakpoint
ALTER TABLE `club_identity` ADD `currency` text;--> statement-breakpoint
ALTER TABLE `club_identity` ADD `meeting_weekday` integer;--> statement-breakpoint
ALTER TABLE `club_identity` ADD `meeting_week_of_month` integer;--> statement-breakpoint
ALTER TABLE `club_identity` ADD `meeting_time` text;--> statement-breakpoint
ALTER TABLE `club_identity` ADD `waiver_max_months` integer;--> statement-breakpoint
ALTER TABLE `club_identity` ADD `waiver_min_membership_months` integer;