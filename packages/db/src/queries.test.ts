import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "./client";
import { findOrCreateBrand } from "./queries/bottles";
import { backupDatabase, checkIntegrity, isDatabaseSetUp } from "./queries/maintenance";
import { countMembers, insertMember } from "./queries/members";
import {
  insertOutboxMessage,
  listDueOutboxMessages,
  markOutboxMessageFailed,
  markOutboxMessageSent,
  nextOutboxAttemptAt,
} from "./queries/outbox";
import {
  insertRefreshToken,
  revokeRefreshTokenFamily,
  revokeRefreshTokenFamilyOf,
  rotateRefreshToken,
} from "./queries/tokens";
import { closeDb, openDb } from "./client";
import { createTestDb } from "./testing";

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function testDb() {
  const t = createTestDb();
  cleanup = t.cleanup;
  return t;
}

const NOW = "2026-03-20T12:00:00.000Z";
const LATER = "2026-04-19T12:00:00.000Z";
const EARLIER = "2026-03-01T12:00:00.000Z";

type TokenRow = {
  hash: string;
  family: string;
  member: number;
  rotated: string | null;
  revoked: string | null;
};
const tokenRows = (db: Db) =>
  db.$client
    .prepare(
      "SELECT token_hash AS hash, family_id AS family, member_id AS member, rotated_at AS rotated, revoked_at AS revoked FROM refresh_tokens ORDER BY id",
    )
    .all() as TokenRow[];

function withMember(db: Db, email = "ann@example.org") {
  return insertMember(db, {
    email,
    passwordHash: "x",
    firstName: "Ann",
    lastName: "Lee",
    emailConfirmedAt: "2026-01-01T00:00:00.000Z",
  });
}

describe("refresh tokens", () => {
  it("rotates a live token: marks it rotated and adds the next one to its family, for its member", () => {
    const { db } = testDb();
    const ann = withMember(db);
    insertRefreshToken(db, { memberId: ann.id, familyId: "f1", tokenHash: "h1", expiresAt: LATER });

    const outcome = rotateRefreshToken(db, "h1", { tokenHash: "h2", expiresAt: LATER }, NOW);

    expect(outcome).toEqual({
      status: "rotated",
      member: { id: ann.id, email: ann.email, tokenVersion: 0 },
      familyId: "f1",
    });
    expect(tokenRows(db)).toEqual([
      { hash: "h1", family: "f1", member: ann.id, rotated: NOW, revoked: null },
      { hash: "h2", family: "f1", member: ann.id, rotated: null, revoked: null },
    ]);
  });

  it("reuse of a rotated token revokes the whole family, and only that family", () => {
    const { db } = testDb();
    const ann = withMember(db);
    insertRefreshToken(db, { memberId: ann.id, familyId: "f1", tokenHash: "h1", expiresAt: LATER });
    insertRefreshToken(db, { memberId: ann.id, familyId: "other", tokenHash: "o1", expiresAt: LATER });
    rotateRefreshToken(db, "h1", { tokenHash: "h2", expiresAt: LATER }, EARLIER);

    expect(rotateRefreshToken(db, "h1", { tokenHash: "h3", expiresAt: LATER }, NOW)).toEqual({
      status: "reused",
    });
    const rows = tokenRows(db);
    expect(rows.map((r) => r.hash)).toEqual(["h1", "o1", "h2"]); // h3 was never stored
    expect(rows.find((r) => r.hash === "h1")?.revoked).toBe(NOW);
    expect(rows.find((r) => r.hash === "h2")?.revoked).toBe(NOW);
    expect(rows.find((r) => r.hash === "o1")?.revoked).toBeNull();
    // The stolen token's successor is now unusable too.
    expect(rotateRefreshToken(db, "h2", { tokenHash: "h4", expiresAt: LATER }, NOW)).toEqual({
      status: "revoked",
    });
  });

  it("refuses unknown, expired and revoked tokens without writing", () => {
    const { db } = testDb();
    const ann = withMember(db);
    insertRefreshToken(db, { memberId: ann.id, familyId: "f1", tokenHash: "old", expiresAt: EARLIER });
    insertRefreshToken(db, { memberId: ann.id, familyId: "f2", tokenHash: "gone", expiresAt: LATER });
    revokeRefreshTokenFamily(db, "f2", EARLIER);
    const before = tokenRows(db);

    const next = { tokenHash: "new", expiresAt: LATER };
    expect(rotateRefreshToken(db, "nope", next, NOW)).toEqual({ status: "unknown" });
    expect(rotateRefreshToken(db, "old", next, NOW)).toEqual({ status: "expired" });
    expect(rotateRefreshToken(db, "gone", next, NOW)).toEqual({ status: "revoked" });
    expect(tokenRows(db)).toEqual(before);
  });

  it("a revoked token is reported revoked even when it was also rotated", () => {
    const { db } = testDb();
    const ann = withMember(db);
    insertRefreshToken(db, { memberId: ann.id, familyId: "f1", tokenHash: "h1", expiresAt: LATER });
    rotateRefreshToken(db, "h1", { tokenHash: "h2", expiresAt: LATER }, EARLIER);
    revokeRefreshTokenFamilyOf(db, "h2", EARLIER);
    expect(rotateRefreshToken(db, "h1", { tokenHash: "h3", expiresAt: LATER }, NOW)).toEqual({
      status: "revoked",
    });
  });

  it("rotation is one transaction: a failing insert leaves the presented token unrotated", () => {
    const { db } = testDb();
    const ann = withMember(db);
    insertRefreshToken(db, { memberId: ann.id, familyId: "f1", tokenHash: "h1", expiresAt: LATER });
    // The next token's hash collides with the unique index: the insert fails after the update.
    expect(() => rotateRefreshToken(db, "h1", { tokenHash: "h1", expiresAt: LATER }, NOW)).toThrow();
    expect(tokenRows(db)).toEqual([
      { hash: "h1", family: "f1", member: ann.id, rotated: null, revoked: null },
    ]);
  });

  it("logout revokes the family of a known token and ignores unknown ones", () => {
    const { db } = testDb();
    const ann = withMember(db);
    insertRefreshToken(db, { memberId: ann.id, familyId: "f1", tokenHash: "h1", expiresAt: LATER });
    insertRefreshToken(db, { memberId: ann.id, familyId: "f1", tokenHash: "h2", expiresAt: LATER });
    insertRefreshToken(db, { memberId: ann.id, familyId: "f2", tokenHash: "k1", expiresAt: LATER });

    expect(revokeRefreshTokenFamilyOf(db, "unknown", NOW)).toBe(false);
    expect(tokenRows(db).every((r) => r.revoked === null)).toBe(true);

    expect(revokeRefreshTokenFamilyOf(db, "h2", NOW)).toBe(true);
    expect(tokenRows(db).map((r) => [r.hash, r.revoked])).toEqual([
      ["h1", NOW],
      ["h2", NOW],
      ["k1", null],
    ]);
    // Already revoked tokens keep their first revocation time.
    expect(revokeRefreshTokenFamily(db, "f1", LATER)).toBe(0);
  });
});

describe("outbox", () => {
  const message = (n: number) => ({ to: `m${n}@example.org`, subject: `s${n}`, text: `t${n}` });

  it("queues messages due at once, lists the due ones oldest first, up to the limit", () => {
    const { db } = testDb();
    expect(nextOutboxAttemptAt(db)).toBeUndefined();
    for (const n of [1, 2, 3]) insertOutboxMessage(db, message(n));
    insertOutboxMessage(db, { ...message(4), html: "<p>t4</p>" });

    const farFuture = "2999-01-01T00:00:00.000Z";
    const due = listDueOutboxMessages(db, farFuture, 3);
    expect(due.map((m) => m.to)).toEqual(["m1@example.org", "m2@example.org", "m3@example.org"]);
    expect(due[0]).toMatchObject({ attempts: 0, sentAt: null, lastError: null, html: null });
    expect(listDueOutboxMessages(db, farFuture, 50)[3]?.html).toBe("<p>t4</p>");
    // Due "now" by default: nothing is due before the insert.
    expect(listDueOutboxMessages(db, "2000-01-01T00:00:00.000Z", 50)).toEqual([]);
  });

  it("a sent message leaves the queue; a failed one waits for its next attempt", () => {
    const { db } = testDb();
    insertOutboxMessage(db, message(1));
    insertOutboxMessage(db, message(2));
    const [first, second] = listDueOutboxMessages(db, "2999-01-01T00:00:00.000Z", 50);
    if (!first || !second) throw new Error("expected two messages");

    markOutboxMessageSent(db, first.id, { attempts: 1, sentAt: NOW });
    markOutboxMessageFailed(db, second.id, { attempts: 1, error: "x".repeat(800), nextAttemptAt: LATER });

    expect(nextOutboxAttemptAt(db)).toBe(LATER);
    expect(listDueOutboxMessages(db, NOW, 50)).toEqual([]);
    const [retry] = listDueOutboxMessages(db, LATER, 50);
    expect(retry).toMatchObject({ id: second.id, attempts: 1, sentAt: null, nextAttemptAt: LATER });
    expect(retry?.lastError).toHaveLength(500);

    markOutboxMessageSent(db, second.id, { attempts: 2, sentAt: LATER });
    const rows = db.$client
      .prepare("SELECT attempts, sent_at AS sentAt, last_error AS e FROM outbox ORDER BY id")
      .all();
    expect(rows).toEqual([
      { attempts: 1, sentAt: NOW, e: null },
      { attempts: 2, sentAt: LATER, e: null },
    ]);
    expect(nextOutboxAttemptAt(db)).toBeUndefined();
  });
});

describe("brands", () => {
  it("findOrCreateBrand reuses a brand whatever its case", () => {
    const { db } = testDb();
    const created = findOrCreateBrand(db, "Zephyr Distilling");
    expect(findOrCreateBrand(db, "ZEPHYR distilling")).toEqual(created);
  });
});

describe("maintenance", () => {
  it("tells a migrated database from an empty file, checks integrity, counts members, backs up", async () => {
    const { db, dir } = testDb();
    expect(isDatabaseSetUp(db)).toBe(true);
    expect(checkIntegrity(db)).toBe("ok");
    expect(countMembers(db)).toBe(0);
    withMember(db);
    withMember(db, "bob@example.org");
    expect(countMembers(db)).toBe(2);

    const copyFile = `${dir}/copy.sqlite`;
    await backupDatabase(db, copyFile);
    const copy = openDb(copyFile);
    try {
      expect(countMembers(copy)).toBe(2);
      expect(checkIntegrity(copy)).toBe("ok");
    } finally {
      closeDb(copy);
    }

    const empty = openDb(`${dir}/empty.sqlite`);
    try {
      expect(isDatabaseSetUp(empty)).toBe(false);
    } finally {
      closeDb(empty);
    }
  });
});
