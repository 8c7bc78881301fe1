-- The invariants the database can hold, held there, so that no write path (a service,
-- an undo, an import, the admin CLI, a sqlite3 shell) can break them.
--
-- 1. Theme names are unique ignoring case and surrounding spaces (the rule themes.create and
--    themes.update check; an undo of a rename made "Peat Week" beside "peat week"). Names that
--    already collide keep the oldest as it is; the others get their id added: "peat week (12)".
UPDATE `themes` SET `description` = trim(`description`) || ' (' || `id` || ')'
WHERE EXISTS (
  SELECT 1 FROM `themes` AS older
  WHERE lower(trim(older.`description`)) = lower(trim(`themes`.`description`)) AND older.`id` < `themes`.`id`
);
--> statement-breakpoint
CREATE UNIQUE INDEX `themes_description_nocase_idx` ON `themes` (lower(trim(`description`)));
--> statement-breakpoint
-- 2. Checks. SQLite adds CHECK constraints only by rebuilding a table, and a rebuild of a table
--    that others reference (a DROP runs their ON DELETE CASCADE) needs foreign keys off, which a
--    migration's transaction cannot turn off: so each check is a pair of triggers (insert, update)
--    that abort the statement with the rule's own message. Rows that break a check today are
--    mended first (clamped into range), so the next edit of such a row does not fail.
UPDATE `scores` SET
  `nose` = max(0, min(25, `nose`)), `palate` = max(0, min(25, `palate`)),
  `finish` = max(0, min(25, `finish`)), `balance` = max(0, min(25, `balance`)),
  `guess_abv` = CASE WHEN `guess_abv` IS NULL THEN NULL ELSE max(0, min(100, `guess_abv`)) END
WHERE `nose` NOT BETWEEN 0 AND 25 OR `palate` NOT BETWEEN 0 AND 25 OR `finish` NOT BETWEEN 0 AND 25
  OR `balance` NOT BETWEEN 0 AND 25 OR `guess_abv` NOT BETWEEN 0 AND 100;
--> statement-breakpoint
CREATE TRIGGER `scores_parts_insert` BEFORE INSERT ON `scores`
WHEN NEW.`nose` NOT BETWEEN 0 AND 25 OR NEW.`palate` NOT BETWEEN 0 AND 25 OR NEW.`finish` NOT BETWEEN 0 AND 25
  OR NEW.`balance` NOT BETWEEN 0 AND 25 OR NEW.`guess_abv` NOT BETWEEN 0 AND 100
BEGIN SELECT RAISE(ABORT, 'Score each part from 0 to 25.'); END;
--> statement-breakpoint
CREATE TRIGGER `scores_parts_update` BEFORE UPDATE ON `scores`
WHEN NEW.`nose` NOT BETWEEN 0 AND 25 OR NEW.`palate` NOT BETWEEN 0 AND 25 OR NEW.`finish` NOT BETWEEN 0 AND 25
  OR NEW.`balance` NOT BETWEEN 0 AND 25 OR NEW.`guess_abv` NOT BETWEEN 0 AND 100
BEGIN SELECT RAISE(ABORT, 'Score each part from 0 to 25.'); END;
--> statement-breakpoint
UPDATE `bottles` SET `abv` = max(0, min(100, `abv`)) WHERE `abv` NOT BETWEEN 0 AND 100;
--> statement-breakpoint
UPDATE `bottles` SET `size_ml` = max(50, min(5000, `size_ml`)) WHERE `size_ml` NOT BETWEEN 50 AND 5000;
--> statement-breakpoint
CREATE TRIGGER `bottles_abv_insert` BEFORE INSERT ON `bottles`
WHEN NEW.`abv` NOT BETWEEN 0 AND 100
BEGIN SELECT RAISE(ABORT, 'ABV must be a number between 0 and 100.'); END;
--> statement-breakpoint
CREATE TRIGGER `bottles_abv_update` BEFORE UPDATE ON `bottles`
WHEN NEW.`abv` NOT BETWEEN 0 AND 100
BEGIN SELECT RAISE(ABORT, 'ABV must be a number between 0 and 100.'); END;
--> statement-breakpoint
CREATE TRIGGER `bottles_size_insert` BEFORE INSERT ON `bottles`
WHEN NEW.`size_ml` NOT BETWEEN 50 AND 5000
BEGIN SELECT RAISE(ABORT, 'The bottle size must be a whole number of ml from 50 to 5000.'); END;
--> statement-breakpoint
CREATE TRIGGER `bottles_size_update` BEFORE UPDATE ON `bottles`
WHEN NEW.`size_ml` NOT BETWEEN 50 AND 5000
BEGIN SELECT RAISE(ABORT, 'The bottle size must be a whole number of ml from 50 to 5000.'); END;
--> statement-breakpoint
UPDATE `bottle_instances` SET `purchase_price_cents` = max(0, `purchase_price_cents`) WHERE `purchase_price_cents` < 0;
--> statement-breakpoint
UPDATE `bottle_instances` SET `level_pct` = max(0, min(100, `level_pct`)) WHERE `level_pct` NOT BETWEEN 0 AND 100;
--> statement-breakpoint
CREATE TRIGGER `bottle_instances_price_insert` BEFORE INSERT ON `bottle_instances`
WHEN NEW.`purchase_price_cents` < 0
BEGIN SELECT RAISE(ABORT, 'A purchase price is never negative.'); END;
--> statement-breakpoint
CREATE TRIGGER `bottle_instances_price_update` BEFORE UPDATE ON `bottle_instances`
WHEN NEW.`purchase_price_cents` < 0
BEGIN SELECT RAISE(ABORT, 'A purchase price is never negative.'); END;
--> statement-breakpoint
CREATE TRIGGER `bottle_instances_level_insert` BEFORE INSERT ON `bottle_instances`
WHEN NEW.`level_pct` NOT BETWEEN 0 AND 100
BEGIN SELECT RAISE(ABORT, 'The fill level must be a whole number from 0 to 100.'); END;
--> statement-breakpoint
CREATE TRIGGER `bottle_instances_level_update` BEFORE UPDATE ON `bottle_instances`
WHEN NEW.`level_pct` NOT BETWEEN 0 AND 100
BEGIN SELECT RAISE(ABORT, 'The fill level must be a whole number from 0 to 100.'); END;
--> statement-breakpoint
-- An answer is going, maybe or declined, with 0-3 guests (none when declined); the waitlist's
-- order (going_since) exists exactly while the member is going.
UPDATE `rsvps` SET `guests` = 0 WHERE `status` = 'declined' AND `guests` <> 0;
--> statement-breakpoint
UPDATE `rsvps` SET `guests` = max(0, min(3, `guests`)) WHERE `guests` NOT BETWEEN 0 AND 3;
--> statement-breakpoint
UPDATE `rsvps` SET `going_since` = `updated_at` WHERE `status` = 'going' AND `going_since` IS NULL;
--> statement-breakpoint
UPDATE `rsvps` SET `going_since` = NULL, `waitlisted` = 0 WHERE `status` <> 'going' AND (`going_since` IS NOT NULL OR `waitlisted` <> 0);
--> statement-breakpoint
CREATE TRIGGER `rsvps_answer_insert` BEFORE INSERT ON `rsvps`
WHEN NEW.`status` NOT IN ('going', 'maybe', 'declined') OR NEW.`guests` NOT BETWEEN 0 AND 3
  OR (NEW.`status` = 'declined' AND NEW.`guests` <> 0)
  OR (NEW.`status` = 'going') <> (NEW.`going_since` IS NOT NULL)
  OR (NEW.`status` <> 'going' AND NEW.`waitlisted` <> 0)
BEGIN SELECT RAISE(ABORT, 'Answer going, maybe or declined, with at most 3 guests.'); END;
--> statement-breakpoint
CREATE TRIGGER `rsvps_answer_update` BEFORE UPDATE ON `rsvps`
WHEN NEW.`status` NOT IN ('going', 'maybe', 'declined') OR NEW.`guests` NOT BETWEEN 0 AND 3
  OR (NEW.`status` = 'declined' AND NEW.`guests` <> 0)
  OR (NEW.`status` = 'going') <> (NEW.`going_since` IS NOT NULL)
  OR (NEW.`status` <> 'going' AND NEW.`waitlisted` <> 0)
BEGIN SELECT RAISE(ABORT, 'Answer going, maybe or declined, with at most 3 guests.'); END;
--> statement-breakpoint
UPDATE `meetings` SET `capacity` = max(1, min(1000, `capacity`)) WHERE `capacity` NOT BETWEEN 1 AND 1000;
--> statement-breakpoint
CREATE TRIGGER `meetings_capacity_insert` BEFORE INSERT ON `meetings`
WHEN NEW.`capacity` NOT BETWEEN 1 AND 1000
BEGIN SELECT RAISE(ABORT, 'A meeting has room for 1 to 1000 people, or no limit.'); END;
--> statement-breakpoint
CREATE TRIGGER `meetings_capacity_update` BEFORE UPDATE ON `meetings`
WHEN NEW.`capacity` NOT BETWEEN 1 AND 1000
BEGIN SELECT RAISE(ABORT, 'A meeting has room for 1 to 1000 people, or no limit.'); END;
--> statement-breakpoint
UPDATE `meeting_bottles` SET `pour_ml` = max(5, min(200, `pour_ml`)) WHERE `pour_ml` NOT BETWEEN 5 AND 200;
--> statement-breakpoint
CREATE TRIGGER `meeting_bottles_pour_insert` BEFORE INSERT ON `meeting_bottles`
WHEN NEW.`pour_ml` NOT BETWEEN 5 AND 200
BEGIN SELECT RAISE(ABORT, 'A pour is from 5 to 200 ml.'); END;
--> statement-breakpoint
CREATE TRIGGER `meeting_bottles_pour_update` BEFORE UPDATE ON `meeting_bottles`
WHEN NEW.`pour_ml` NOT BETWEEN 5 AND 200
BEGIN SELECT RAISE(ABORT, 'A pour is from 5 to 200 ml.'); END;
--> statement-breakpoint
-- A reveal is final: everyone has seen the bottle (undo refuses to take one back, and so does the database).
CREATE TRIGGER `meeting_bottles_reveal_update` BEFORE UPDATE ON `meeting_bottles`
WHEN OLD.`revealed_at` IS NOT NULL AND NEW.`revealed_at` IS NULL
BEGIN SELECT RAISE(ABORT, 'A reveal cannot be taken back: everyone has seen the bottle.'); END;
--> statement-breakpoint
CREATE TRIGGER `members_role_insert` BEFORE INSERT ON `members`
WHEN NEW.`role` NOT IN ('admin', 'treasurer', 'member') OR NEW.`status` NOT IN ('pending', 'active', 'deactivated')
BEGIN SELECT RAISE(ABORT, 'A member is an admin, the treasurer or a member; pending, active or deactivated.'); END;
--> statement-breakpoint
CREATE TRIGGER `members_role_update` BEFORE UPDATE ON `members`
WHEN NEW.`role` NOT IN ('admin', 'treasurer', 'member') OR NEW.`status` NOT IN ('pending', 'active', 'deactivated')
BEGIN SELECT RAISE(ABORT, 'A member is an admin, the treasurer or a member; pending, active or deactivated.'); END;
