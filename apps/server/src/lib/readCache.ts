import type { Db } from "@club/db";

/**
 * How many read results the cache keeps at most (least recently used ones go first): enough for
 * every detail of the 10,000-bottle stress club (a result and its serialized answer are two
 * entries), some tens of MB at most.
 */
export const READ_CACHE_MAX_ENTRIES = 30_000;

/**
 * How often (at most) to ask whether another process committed: PRAGMA data_version costs three
 * system calls (file locks), a tenth of a small read's time. This process's own writes are seen
 * at once through total_changes(), which costs none.
 */
export const FOREIGN_WRITE_CHECK_MS = 100;

/**
 * Results of public reads (lists, details), kept until the database changes.
 *
 * Every lookup first asks SQLite whether anything changed: `total_changes()` counts the rows
 * this connection inserted, updated or deleted (every write of the server), and, at most every
 * FOREIGN_WRITE_CHECK_MS, `PRAGMA data_version` tells whether another connection (the admin CLI,
 * a sqlite3 shell) committed. Any change empties the whole cache, so no write path has to remember
 * to invalidate anything: a read never answers with data older than the server's last write, nor
 * more than FOREIGN_WRITE_CHECK_MS older than another process's.
 *
 * Cached values are shared between requests: callers must treat them as read-only.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown }>();
  private readonly changes: () => number;
  private readonly dataVersion: () => number;
  private lastChanges = -1;
  private lastDataVersion = -1;
  private nextForeignCheck = 0;
  private currentGeneration = 0;

  constructor(
    db: Db,
    private readonly options: { enabled: boolean; maxEntries?: number } = { enabled: true },
  ) {
    const changes = db.$client.prepare<[], number>("SELECT total_changes()").pluck(true);
    const dataVersion = db.$client.prepare<[], number>("PRAGMA data_version").pluck(true);
    this.changes = () => changes.get() as number;
    this.dataVersion = () => dataVersion.get() as number;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** The value cached under `key` for the current database state, computed when missing. */
  memo<T>(key: string, compute: () => T): T {
    const hit = this.peek(key);
    if (hit) return hit.value as T;
    const value = compute();
    this.store(key, value);
    return value;
  }

  /** The entry cached under `key` for the current database state, if any. */
  peek(key: string): { value: unknown } | undefined {
    if (!this.options.enabled) return undefined;
    this.checkVersion();
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /**
   * A token for the current database state, taken before an asynchronous computation; put()
   * stores its result only if nothing changed in between.
   */
  get generation(): number {
    if (this.options.enabled) this.checkVersion();
    return this.currentGeneration;
  }

  put(key: string, value: unknown, generation: number): void {
    if (!this.options.enabled) return;
    this.checkVersion();
    if (generation === this.currentGeneration) this.store(key, value);
  }

  private store(key: string, value: unknown): void {
    if (!this.options.enabled) return;
    this.entries.set(key, { value });
    if (this.entries.size > (this.options.maxEntries ?? READ_CACHE_MAX_ENTRIES)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Forgets everything (tests use it to measure cold reads). */
  clear(): void {
    this.entries.clear();
    this.currentGeneration++;
    this.nextForeignCheck = 0;
  }

  get size(): number {
    return this.entries.size;
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
      this.entries.clear();
      this.currentGeneration++;
      this.lastChanges = changes;
      this.lastDataVersion = dataVersion;
    }
  }
}
