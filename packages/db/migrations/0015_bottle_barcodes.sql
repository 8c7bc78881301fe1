ALTER TABLE `bottles` ADD `barcode` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bottles_barcode_idx` ON `bottles` (`barcode`);