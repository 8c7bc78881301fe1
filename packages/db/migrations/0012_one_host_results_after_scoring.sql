ALTER TABLE `meetings` ADD `live_results` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- One host: a meeting whose typed host is exactly one confirmed, active member's full name is hosted by that member
-- (SPEC's hostName then reads the member's name); a name that matches nobody, or several, stays typed.
UPDATE `meetings` SET `host_member_id` = (
  SELECT `id` FROM `members` WHERE `status` = 'active' AND `email_confirmed_at` IS NOT NULL
  AND lower(trim(`first_name` || ' ' || `last_name`)) = lower(trim(`meetings`.`host_name`))
)
WHERE `host_member_id` IS NULL AND (
  SELECT count(*) FROM `members` WHERE `status` = 'active' AND `email_confirmed_at` IS NOT NULL
  AND lower(trim(`first_name` || ' ' || `last_name`)) = lower(trim(`meetings`.`host_name`))
) = 1;
--> statement-breakpoint
-- An open night's results now wait until scoring closes unless the host chose live results: the
-- nights already scored with scoring still open keep showing theirs.
UPDATE `meetings` SET `live_results` = 1 WHERE `blind` = 0 AND `scoring_open` = 1 AND (
  EXISTS (SELECT 1 FROM `scores` s WHERE s.`meeting_id` = `meetings`.`id`)
  OR EXISTS (SELECT 1 FROM `guest_scores` g WHERE g.`meeting_id` = `meetings`.`id`)
);
--> statement-breakpoint
-- A pour's number is its place, and it never changes once scoring has started: every flight's
-- places become 1, 2, 3... in the order the flight showed them.
UPDATE `meeting_bottles` SET `position` = (
  SELECT `n` FROM (
    SELECT mb.`meeting_id` AS `m`, mb.`bottle_id` AS `b`, row_number() OVER (
      PARTITION BY mb.`meeting_id`
      ORDER BY mb.`position`, mb.`created_at`, bt.`name` COLLATE NOCASE, mb.`bottle_id`
    ) AS `n`
    FROM `meeting_bottles` mb JOIN `bottles` bt ON bt.`id` = mb.`bottle_id`
  ) WHERE `m` = `meeting_bottles`.`meeting_id` AND `b` = `meeting_bottles`.`bottle_id`
);
--> statement-breakpoint
-- A reveal tapped by mistake can be taken back by the host (the pour is "Dram N" again).
DROP TRIGGER `meeting_bottles_reveal_update`;
