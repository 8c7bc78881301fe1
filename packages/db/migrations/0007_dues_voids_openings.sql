CREATE TABLE `dues_openings` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`member_since` text NOT NULL,
	`joining_fee_paid` integer NOT NULL,
	`first_charged_month` text NOT NULL,
	`opening_balance_cents` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`set_by` integer,
	`set_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`set_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
DROP INDEX `dues_entries_month_idx`;--> statement-breakpoint
DROP INDEX `dues_entries_joining_idx`;--> statement-breakpoint
ALTER TABLE `dues_entries` ADD `voids` integer REFERENCES dues_entries(id);--> statement-breakpoint
ALTER TABLE `dues_entries` ADD `voided_by` integer;--> statement-breakpoint
ALTER TABLE `dues_entries` ADD `reason` text;--> statement-breakpoint
CREATE UNIQUE INDEX `dues_entries_opening_idx` ON `dues_entries` (`member_id`) WHERE "dues_entries"."kind" = 'opening' AND "dues_entries"."voided_by" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `dues_entries_voids_idx` ON `dues_entries` (`voids`) WHERE "dues_entries"."voids" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `dues_entries_month_idx` ON `dues_entries` (`member_id`,`kind`,`month`) WHERE "dues_entries"."kind" IN ('monthly', 'waiver') AND "dues_entries"."voided_by" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `dues_entries_joining_idx` ON `dues_entries` (`member_id`) WHERE "dues_entries"."kind" = 'joining' AND "dues_entries"."voided_by" IS NULL;--> statement-breakpoint
CREATE TRIGGER `dues_entries_void_check` BEFORE INSERT ON `dues_entries`
WHEN NEW.kind = 'void' OR NEW.voids IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'dues ledger: a void line is of kind void and names the line it reverses')
    WHERE NEW.kind <> 'void' OR NEW.voids IS NULL;
  SELECT RAISE(ABORT, 'dues ledger: a void reverses a live line of the same member, amount for amount')
    WHERE NOT EXISTS (
      SELECT 1 FROM dues_entries o
      WHERE o.id = NEW.voids AND o.member_id = NEW.member_id AND o.kind <> 'void'
        AND o.amount_cents = -NEW.amount_cents AND (o.voided_by IS NULL OR o.voided_by = NEW.id)
    );
END;
--> statement-breakpoint
CREATE TRIGGER `dues_entries_void_mark` AFTER INSERT ON `dues_entries`
WHEN NEW.voids IS NOT NULL BEGIN
  UPDATE dues_entries SET voided_by = NEW.id WHERE id = NEW.voids;
END;
--> statement-breakpoint
CREATE TRIGGER `dues_entries_never_edited` BEFORE UPDATE ON `dues_entries`
WHEN NEW.id IS NOT OLD.id OR NEW.member_id IS NOT OLD.member_id OR NEW.kind IS NOT OLD.kind
  OR NEW.month IS NOT OLD.month OR NEW.date IS NOT OLD.date OR NEW.amount_cents IS NOT OLD.amount_cents
  OR NEW.method IS NOT OLD.method OR NEW.note IS NOT OLD.note OR NEW.created_at IS NOT OLD.created_at
  OR NEW.voids IS NOT OLD.voids OR NEW.reason IS NOT OLD.reason
  OR (OLD.voided_by IS NOT NULL AND NEW.voided_by IS NOT OLD.voided_by) BEGIN
  SELECT RAISE(ABORT, 'dues ledger: a line is never edited; void it');
END;
