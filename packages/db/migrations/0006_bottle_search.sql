-- Full-text search over the library. One row per bottle, rowid = bottles.id, kept in step
-- by the triggers below inside the writing transaction. The trigram tokenizer gives substring
-- matches and the raw material for typo matching; remove_diacritics makes "Bùnnahabhain" and
-- "Bunnahabhain" the same. Indexed text is lower-cased with "whiskey" folded to "whisky" (the
-- query is folded the same way in queries/search.ts), so either spelling finds both.
CREATE VIRTUAL TABLE `bottle_search` USING fts5(
  name, brand, type, country, region, store, comments, aliases,
  tokenize = 'trigram remove_diacritics 1'
);
--> statement-breakpoint
-- What the index holds for each bottle. The store is the store link's site name
-- ("https://www.shop.example/x" -> "shop.example").
CREATE VIEW `bottle_search_source` AS
SELECT
  b.id AS id,
  replace(lower(b.name), 'whiskey', 'whisky') AS name,
  replace(lower(coalesce((SELECT name FROM brands WHERE id = b.brand_id), '')), 'whiskey', 'whisky') AS brand,
  replace(lower(coalesce((SELECT name FROM drink_types WHERE id = b.drink_type_id), '')), 'whiskey', 'whisky') AS type,
  lower(coalesce((SELECT name FROM countries WHERE id = b.country_id), '')) AS country,
  lower(coalesce((SELECT name FROM states WHERE id = b.state_id), '')) AS region,
  (SELECT CASE WHEN host LIKE 'www.%' THEN substr(host, 5) ELSE host END FROM (
    SELECT CASE WHEN instr(rest, '/') > 0 THEN substr(rest, 1, instr(rest, '/') - 1) ELSE rest END AS host FROM (
      SELECT lower(CASE WHEN instr(coalesce(b.store_link, ''), '://') > 0
        THEN substr(b.store_link, instr(b.store_link, '://') + 3) ELSE coalesce(b.store_link, '') END) AS rest))) AS store,
  replace(lower(coalesce((SELECT group_concat(comment, ' | ') FROM bottle_comments WHERE bottle_id = b.id), '')), 'whiskey', 'whisky') AS comments,
  replace(lower(coalesce((SELECT group_concat(name, ' | ') FROM bottle_aliases WHERE bottle_id = b.id), '')), 'whiskey', 'whisky') AS aliases
FROM bottles b;
--> statement-breakpoint
INSERT INTO `bottle_search` (rowid, name, brand, type, country, region, store, comments, aliases)
  SELECT id, name, brand, type, country, region, store, comments, aliases FROM `bottle_search_source`;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_bottle_insert` AFTER INSERT ON `bottles` BEGIN
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT id, name, brand, type, country, region, store, comments, aliases FROM bottle_search_source WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_bottle_update` AFTER UPDATE ON `bottles` BEGIN
  DELETE FROM bottle_search WHERE rowid IN (OLD.id, NEW.id);
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT id, name, brand, type, country, region, store, comments, aliases FROM bottle_search_source WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_bottle_delete` AFTER DELETE ON `bottles` BEGIN
  DELETE FROM bottle_search WHERE rowid = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_comment_insert` AFTER INSERT ON `bottle_comments` BEGIN
  DELETE FROM bottle_search WHERE rowid = NEW.bottle_id;
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT id, name, brand, type, country, region, store, comments, aliases FROM bottle_search_source WHERE id = NEW.bottle_id;
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_comment_update` AFTER UPDATE ON `bottle_comments` BEGIN
  DELETE FROM bottle_search WHERE rowid IN (OLD.bottle_id, NEW.bottle_id);
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT id, name, brand, type, country, region, store, comments, aliases FROM bottle_search_source WHERE id IN (OLD.bottle_id, NEW.bottle_id);
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_comment_delete` AFTER DELETE ON `bottle_comments` BEGIN
  DELETE FROM bottle_search WHERE rowid = OLD.bottle_id;
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT id, name, brand, type, country, region, store, comments, aliases FROM bottle_search_source WHERE id = OLD.bottle_id;
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_alias_insert` AFTER INSERT ON `bottle_aliases` BEGIN
  DELETE FROM bottle_search WHERE rowid = NEW.bottle_id;
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT id, name, brand, type, country, region, store, comments, aliases FROM bottle_search_source WHERE id = NEW.bottle_id;
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_alias_update` AFTER UPDATE ON `bottle_aliases` BEGIN
  DELETE FROM bottle_search WHERE rowid IN (OLD.bottle_id, NEW.bottle_id);
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT id, name, brand, type, country, region, store, comments, aliases FROM bottle_search_source WHERE id IN (OLD.bottle_id, NEW.bottle_id);
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_alias_delete` AFTER DELETE ON `bottle_aliases` BEGIN
  DELETE FROM bottle_search WHERE rowid = OLD.bottle_id;
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT id, name, brand, type, country, region, store, comments, aliases FROM bottle_search_source WHERE id = OLD.bottle_id;
END;
--> statement-breakpoint
-- A renamed lookup (brand, type, country, region) re-indexes the bottles that use it.
CREATE TRIGGER `bottle_search_brand_rename` AFTER UPDATE OF name ON `brands` BEGIN
  DELETE FROM bottle_search WHERE rowid IN (SELECT id FROM bottles WHERE brand_id = NEW.id);
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT s.id, s.name, s.brand, s.type, s.country, s.region, s.store, s.comments, s.aliases
    FROM bottles b JOIN bottle_search_source s ON s.id = b.id WHERE b.brand_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_type_rename` AFTER UPDATE OF name ON `drink_types` BEGIN
  DELETE FROM bottle_search WHERE rowid IN (SELECT id FROM bottles WHERE drink_type_id = NEW.id);
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT s.id, s.name, s.brand, s.type, s.country, s.region, s.store, s.comments, s.aliases
    FROM bottles b JOIN bottle_search_source s ON s.id = b.id WHERE b.drink_type_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_country_rename` AFTER UPDATE OF name ON `countries` BEGIN
  DELETE FROM bottle_search WHERE rowid IN (SELECT id FROM bottles WHERE country_id = NEW.id);
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT s.id, s.name, s.brand, s.type, s.country, s.region, s.store, s.comments, s.aliases
    FROM bottles b JOIN bottle_search_source s ON s.id = b.id WHERE b.country_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `bottle_search_region_rename` AFTER UPDATE OF name ON `states` BEGIN
  DELETE FROM bottle_search WHERE rowid IN (SELECT id FROM bottles WHERE state_id = NEW.id);
  INSERT INTO bottle_search (rowid, name, brand, type, country, region, store, comments, aliases)
    SELECT s.id, s.name, s.brand, s.type, s.country, s.region, s.store, s.comments, s.aliases
    FROM bottles b JOIN bottle_search_source s ON s.id = b.id WHERE b.state_id = NEW.id;
END;
