import type { Db } from "@club/db";
import { answerOf, textRepresentation, type CachedAnswer, type Representation } from "./httpCache";

/** The cache's default byte budget (READ_CACHE_MB): every serialized answer and its compressed forms. */
export const READ_CACHE_DEFAULT_BYTES = 64 * 1024 * 1024;

/**
 * What an entry costs beyond its bytes and its key's characters: the map's node, the answer's
 * objects, its buffer's header, its hash. Measured: 50,000 entries of a 28-byte answer
 * held ~840 bytes of heap each under a key of ~70 characters and ~1,020 under one of ~240 (one
 * byte a character; up to two for other scripts), where 512 in all had been counted.
 */
const ENTRY_OVERHEAD_BYTES = 768;

/** An entry's cost beyond its answer's bytes: its key (two bytes a character at most) and the overhead. */
const entryCost = (key: string) => ENTRY_OVERHEAD_BYTES + 2 * key.length;

/**
 * Documents kept at once (document()): their keys are few and fixed by the routes (the library's
 * CSV, with and without a byte order mark, the purchases' CSV, the calendar feed, each for today).
 */
export const KEPT_DOCUMENTS = 8;

/**
 * How often (at most) to ask whether another process committed: PRAGMA data_version costs three
 * system calls (file locks), a tenth of a small read's time. This process's own writes are seen
 * at once through total_changes(), which costs none.
 */
export const FOREIGN_WRITE_CHECK_MS = 100;

/**
 * Serialized answers of the cached public reads (cachedReadProcedure), keyed by the procedure and
 * its validated input (readKey), kept until the database changes, within a byte budget: least
 * recently used out first.
 *
 * Every lookup first asks SQLite whether anything changed: `total_changes()` counts the rows
 * this connection inserted, updated or deleted (every write of the server), and, at most every
 * FOREIGN_WRITE_CHECK_MS, `PRAGMA data_version` tells whether another connection (the admin CLI,
 * a sqlite3 shell) committed. Any change empties the whole cache, so no write path has to remember
 * to invalidate anything.
 *
 * Only bytes are kept (the JSON text and its compressed forms), never the result objects, so no
 * request can change what another one is sent.
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly documents = new Map<string, Representation>();
  private readonly values = new Map<string, { generation: number; value: unknown }>();
  private readonly changes: () => number;
  private readonly dataVersion: () => number;
  private lastChanges = -1;
  private lastDataVersion = -1;
  private nextForeignCheck = 0;
  private currentGeneration = 0;
  private usedBytes = 0;
  readonly maxBytes: number;
  /** Reads answered from the cache and reads that had to be made (the metrics, app/metrics.ts). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(
    db: Db,
    private readonly options: { enabled: boolean; maxBytes?: number } = { enabled: true },
  ) {
    const changes = db.$client.prepare<[], number>("SELECT total_changes()").pluck(true);
    const dataVersion = db.$client.prepare<[], number>("PRAGMA data_version").pluck(true);
    this.changes = () => changes.get() as number;
    this.dataVersion = () => dataVersion.get() as number;
    this.maxBytes = options.maxBytes ?? READ_CACHE_DEFAULT_BYTES;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** The answer cached under `key` for the current database state, if any. */
  get(key: string): CachedAnswer | undefined {
    if (!this.options.enabled) return undefined;
    this.checkVersion();
    const hit = this.entries.get(key);
    if (hit) this.counts.hits++;
    else this.counts.misses++;
    if (hit) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /**
   * A token for the current database state, taken before computing an answer; put() keeps the
   * answer only if nothing changed in between.
   */
  get generation(): number {
    if (this.options.enabled) this.checkVersion();
    return this.currentGeneration;
  }

  /** Serializes a read's result and keeps it (if the database did not change meanwhile). */
  put(key: string, value: unknown, generation: number): CachedAnswer {
    const answer = answerOf(value, (bytes) => this.grow(answer, bytes));
    if (!this.options.enabled) return answer;
    this.checkVersion();
    if (generation !== this.currentGeneration) return answer;
    const size = answer.bytes + entryCost(key);
    if (size > this.maxBytes / 4) return answer; // one answer may not push out most of the others
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, answer);
    answer.cached = true;
    this.usedBytes += size;
    this.evict();
    return answer;
  }

  /**
   * A public document made from the whole club (a CSV export, the calendar feed: hundreds of ms
   * on a large club), made by `make` once and kept, with its compressed forms, until the database
   * changes: so anyone asking for it again and again costs the server nothing. `key`
   * must name everything the text depends on besides the database (its options, today's date).
   * With the cache off, made for each request.
   */
  document(key: string, make: () => string): Representation {
    if (!this.options.enabled) return textRepresentation(make(), "d", true);
    this.checkVersion();
    const kept = this.documents.get(key);
    if (kept) this.counts.hits++;
    else this.counts.misses++;
    if (kept) return kept;
    const made = textRepresentation(make(), "d");
    this.documents.set(key, made);
    if (this.documents.size > KEPT_DOCUMENTS)
      this.documents.delete(this.documents.keys().next().value as string);
    return made;
  }

  /**
   * A small fact read on many requests (the club's language), made by `make` once and kept until
   * the database changes, so a request answered from the cache still runs no query.
   */
  value<T>(key: string, make: () => T): T {
    if (!this.options.enabled) return make();
    const generation = this.generation;
    const kept = this.values.get(key);
    if (kept && kept.generation === generation) return kept.value as T;
    const value = make();
    this.values.set(key, { generation, value });
    return value;
  }

  /** Forgets everything (tests use it to measure cold reads). */
  clear(): void {
    this.drop();
    this.nextForeignCheck = 0;
  }

  private drop(): void {
    for (const answer of this.entries.values()) answer.cached = false;
    this.entries.clear();
    this.documents.clear();
    this.values.clear();
    this.usedBytes = 0;
    this.currentGeneration++;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held, as counted against the budget. */
  get bytes(): number {
    return this.usedBytes;
  }

  /** A compressed form was added to an answer: count it, and make room. */
  private grow(answer: CachedAnswer, bytes: number): void {
    if (!answer.cached) return;
    this.usedBytes += bytes;
    this.evict();
  }

  private remove(key: string, answer: CachedAnswer): void {
    this.entries.delete(key);
    answer.cached = false;
    this.usedBytes -= answer.bytes + entryCost(key);
  }

  private evict(): void {
    while (this.usedBytes > this.maxBytes) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      this.remove(oldest.value[0], oldest.value[1]);
    }
  }

  private checkVersion(): void {
    const changes = this.changes();
    let dataVersion = this.lastDataVersion;
    const now = Date.now();
    if (now >= this.nextForeignCheck) {
      dataVersion = this.dataVersion();
      this.nextForeignCheck = now + FOREIGN_WRITE_CHECK_MS;
    }
    if (changes !== this.lastChanges || dataVersion !== this.lastDataVersion) {
      this.drop();
      this.lastChanges = changes;
      this.lastDataVersion = dataVersion;
    }
  }
}

/** The cache key of a read: its procedure and its validated input, never the URL it came in. */
export const readKey = (procedure: string, input: unknown): string =>
  input === undefined ? procedure : `${procedure}\u0000${stableJson(input)}`;

/** JSON with object keys sorted, so equal inputs give equal keys. */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
    .join(",")}}`;
}
