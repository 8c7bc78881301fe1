import { describe, expect, it } from "vitest";
import { ServerMessages } from "@club/shared";
import { ApiError } from "./errors";
import { failureMessage } from "./failure";
import {
  NOTHING_TO_UNDO,
  undoFailureMessage,
  undoLatest,
  UndoRefused,
  type ActivityItem,
  type UndoApi,
} from "./undo";

function entry(overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: 41,
    at: "2026-01-09T19:00:00.000Z",
    memberId: 1,
    member: { firstName: "Ann", lastName: "Lee" },
    action: "comments.delete",
    entity: "comment",
    entityId: "40",
    before: { id: 40 },
    after: null,
    viaToken: null,
    undoable: true,
    undone: false,
    ...overrides,
  };
}

/** A stand-in server: records the log queries and the undos; `refuse` makes undo fail with it. */
function fakeApi(newest: ActivityItem | undefined, refuse?: Error) {
  const asked: { entity: string; entityId: string }[] = [];
  const undone: number[] = [];
  const api: UndoApi = {
    newestOwnEntry: async (entity, entityId) => {
      asked.push({ entity, entityId });
      return newest;
    },
    undo: async (id) => {
      if (refuse) throw refuse;
      undone.push(id);
      return { ok: true, activityId: 99 };
    },
  };
  return { api, asked, undone };
}

/** A tRPC client error as the app receives it (message, data.httpStatus, data.reason). */
const trpcError = (httpStatus: number, message: string, reason: string | null = null) =>
  Object.assign(new Error(message), { data: { httpStatus, reason } });

describe("undoLatest", () => {
  it("asks for the member's newest entry on the entity and undoes it", async () => {
    const { api, asked, undone } = fakeApi(entry());
    await undoLatest(api, { entity: "comment", entityId: 40, action: "comments.delete" });
    expect(asked).toEqual([{ entity: "comment", entityId: "40" }]);
    expect(undone).toEqual([41]);
  });

  it("keys a bottle in a meeting by meetingId:bottleId", async () => {
    const line = entry({ entity: "meetingBottle", entityId: "12:8", action: "meetings.removeBottle" });
    const { api, asked, undone } = fakeApi(line);
    await undoLatest(api, { entity: "meetingBottle", entityId: "12:8", action: "meetings.removeBottle" });
    expect(asked).toEqual([{ entity: "meetingBottle", entityId: "12:8" }]);
    expect(undone).toEqual([41]);
  });

  it("undoes nothing when there is no entry, it was undone, or a later change came in between", async () => {
    const target = { entity: "comment", entityId: 40, action: "comments.delete" } as const;
    const cases: [ActivityItem | undefined, string][] = [
      [undefined, NOTHING_TO_UNDO],
      [entry({ undone: true }), ServerMessages.alreadyUndone],
      [entry({ action: "activity.undo" }), ServerMessages.alreadyUndone],
      [entry({ action: "comments.update" }), ServerMessages.changedSince],
    ];
    for (const [newest, message] of cases) {
      const { api, undone } = fakeApi(newest);
      const error = await undoLatest(api, target).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UndoRefused);
      expect((error as Error).message).toBe(message);
      expect(undone).toEqual([]);
    }
  });

  it("passes the server's refusal on", async () => {
    const refusal = trpcError(409, ServerMessages.changedSince, "CHANGED_SINCE");
    const { api } = fakeApi(entry(), refusal);
    await expect(
      undoLatest(api, { entity: "comment", entityId: 40, action: "comments.delete" }),
    ).rejects.toBe(refusal);
  });
});

describe("undo failure messages, in plain words", () => {
  it("says why for a refusal found first and for the server's 403 and 409", () => {
    expect(undoFailureMessage(new UndoRefused(ServerMessages.alreadyUndone))).toBe(
      `Could not undo. ${ServerMessages.alreadyUndone}`,
    );
    expect(undoFailureMessage(trpcError(409, ServerMessages.hasDependents, "HAS_DEPENDENTS"))).toBe(
      `Could not undo. ${ServerMessages.hasDependents}`,
    );
    expect(undoFailureMessage(trpcError(403, ServerMessages.undoTooLate, "UNDO_NOT_ALLOWED"))).toBe(
      `Could not undo. ${ServerMessages.undoTooLate}`,
    );
    expect(undoFailureMessage(new ApiError(429, "TOO_MANY_REQUESTS", ServerMessages.writeBudget))).toBe(
      `Could not undo. ${ServerMessages.writeBudget}`,
    );
  });

  it("does not show a network error's or a server fault's own text", () => {
    expect(undoFailureMessage(new TypeError("Failed to fetch"))).toBe(
      "The change could not be undone. Please try again.",
    );
    expect(undoFailureMessage(trpcError(500, "SQLITE_BUSY: database is locked"))).toBe(
      "The change could not be undone. Please try again.",
    );
  });
});

describe("failureMessage", () => {
  it("shows the server's words for refusals, the screen's own otherwise", () => {
    expect(failureMessage(trpcError(409, ServerMessages.themeInUse, "THEME_IN_USE"), "Failed.")).toBe(
      ServerMessages.themeInUse,
    );
    expect(failureMessage(trpcError(403, ServerMessages.notYours, "NOT_YOURS"), "Failed.")).toBe(
      ServerMessages.notYours,
    );
    expect(failureMessage(trpcError(400, ServerMessages.validation), "Failed.")).toBe("Failed.");
    expect(failureMessage(trpcError(401, ServerMessages.unauthorized), "Failed.")).toBe("Failed.");
    expect(failureMessage(new Error("offline"), "Failed.")).toBe("Failed.");
  });
});
