import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { resetOnViewerChange } from "./queryClient";
import { createSession } from "./session";
import { fakeServer, MemoryStorage } from "./testing";

const KEY = [["night", "rsvps"], { input: { id: 1 }, type: "query" }];

describe("every cached read belongs to the viewer it was asked as", () => {
  const setUp = (stored: Record<string, string>) => {
    const session = createSession({ storage: new MemoryStorage(stored), auth: fakeServer({}).auth });
    const queryClient = new QueryClient();
    const stop = resetOnViewerChange(queryClient, session);
    queryClient.setQueryData(KEY, [{ member: null, status: "going" }]);
    return { session, queryClient, stop };
  };

  it("a login drops what the visitor's reads answered", () => {
    const { session, queryClient } = setUp({});
    session.login({ accessToken: "a1", refreshToken: "r1", email: "ann@club.test" });
    expect(queryClient.getQueryData(KEY)).toBeUndefined();
  });

  it("a logout, or another member signed in, drops the member's", () => {
    const member = { accessToken: "a1", refreshToken: "r1", email: "ann@club.test" };
    const out = setUp(member);
    out.session.clear();
    expect(out.queryClient.getQueryData(KEY)).toBeUndefined();

    const other = setUp(member);
    other.session.login({ accessToken: "b1", refreshToken: "s1", email: "bob@club.test" });
    expect(other.queryClient.getQueryData(KEY)).toBeUndefined();
  });

  it("a token refresh is the same viewer: the cache stays", () => {
    const { session, queryClient, stop } = setUp({
      accessToken: "a1",
      refreshToken: "r1",
      email: "ann@club.test",
    });
    session.setTokens({ accessToken: "a2", refreshToken: "r2" });
    expect(queryClient.getQueryData(KEY)).toEqual([{ member: null, status: "going" }]);
    stop();
    session.clear();
    expect(queryClient.getQueryData(KEY), "unsubscribed").toEqual([{ member: null, status: "going" }]);
  });
});
