import { describe, expect, it } from "vitest";
import type { FetchFn } from "./authApi";
import { createAuthApi } from "./authCalls";
import { ApiError } from "./errors";
import { fakeServer } from "./testing";

/** A fetch that answers every call with this status and JSON body, and records what it was sent. */
function answering(status: number, body: unknown) {
  const sent: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetch: FetchFn = async (url, init) => {
    sent.push({
      url,
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body,
    });
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  };
  return { api: createAuthApi({ fetch, baseUrl: "http://club.test" }), sent };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("authApi (the session's REST calls of docs/product.md)", () => {
  it("logs in with POST /login {email, password} and returns the pair and the email", async () => {
    const { api, sent } = answering(200, { accessToken: "a", refreshToken: "r", email: "m@club.test" });

    await expect(api.login({ email: "m@club.test", password: "pw" })).resolves.toEqual({
      accessToken: "a",
      refreshToken: "r",
      email: "m@club.test",
    });
    expect(sent).toEqual([
      expect.objectContaining({
        url: "http://club.test/login",
        method: "POST",
        body: { email: "m@club.test", password: "pw" },
      }),
    ]);
    expect(sent[0]!.headers.get("content-type")).toBe("application/json");
    expect(sent[0]!.headers.has("authorization")).toBe(false);
  });

  it("rejects with the server's status, code and message (403: email not confirmed)", async () => {
    const { api } = answering(403, {
      error: { code: "FORBIDDEN", message: "Please confirm your email address before logging in." },
    });

    const error = await rejection(api.login({ email: "m@club.test", password: "pw" }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: "Please confirm your email address before logging in.",
    });
  });

  it("a failed login never refreshes a token", async () => {
    const server = fakeServer({ members: { "m@club.test": "right-password" }, refreshPairs: {} });

    const error = await rejection(server.auth.login({ email: "m@club.test", password: "wrong-password" }));

    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(server.count("/api/Register/refresh")).toBe(0);
    await expect(
      server.auth.login({ email: "m@club.test", password: "right-password" }),
    ).resolves.toMatchObject({
      email: "m@club.test",
    });
  });

  it("rejects a success whose body does not match the shared schema", async () => {
    const { api } = answering(200, { accessToken: "a" });
    await expect(rejection(api.refresh("r"))).resolves.toMatchObject({ code: "INVALID_RESPONSE" });
  });

  it("registers with POST /api/Register/register and returns the message", async () => {
    const { api, sent } = answering(201, { message: "Check your inbox." });
    const input = { email: "n@club.test", password: "long-enough-pw", firstName: "Ada", lastName: "L" };

    await expect(api.register(input)).resolves.toEqual({ message: "Check your inbox." });
    expect(sent[0]).toMatchObject({
      url: "http://club.test/api/Register/register",
      method: "POST",
      body: input,
    });
  });

  it("confirms with GET /api/Register/confirmemail?token=&email=", async () => {
    const { api, sent } = answering(200, { message: "Confirmed." });

    await expect(api.confirmEmail({ token: "t/+=", email: "m@club.test" })).resolves.toEqual({
      message: "Confirmed.",
    });
    const url = new URL(sent[0]!.url);
    expect([sent[0]!.method, url.pathname]).toEqual(["GET", "/api/Register/confirmemail"]);
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: "t/+=", email: "m@club.test" });
    expect(sent[0]!.body).toBeUndefined();
  });

  it("resends with POST /api/Register/resendConfirmation {email}", async () => {
    const { api, sent } = answering(200, { message: "Sent if unconfirmed." });

    await expect(api.resendConfirmation({ email: "m@club.test" })).resolves.toEqual({
      message: "Sent if unconfirmed.",
    });
    expect(sent[0]).toMatchObject({
      url: "http://club.test/api/Register/resendConfirmation",
      method: "POST",
      body: { email: "m@club.test" },
    });
  });

  it("registers with an invite token when the link had one, and passes on the server's reason", async () => {
    const { api, sent } = answering(201, { message: "Check your inbox." });
    const input = {
      email: "n@club.test",
      password: "long-enough-pw",
      firstName: "Ada",
      lastName: "L",
      invite: "tok-1",
    };
    await api.register(input);
    expect(sent[0]!.body).toEqual(input);

    const closed = answering(403, {
      error: { code: "REGISTRATION_CLOSED", message: "Registration is closed. Ask an admin for an invite." },
    });
    const error = await rejection(closed.api.register(input));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: "REGISTRATION_CLOSED" });
  });

  it("asks for a reset link and resets the password over POST /api/Register/...", async () => {
    const forgot = answering(200, { message: "On its way." });
    await expect(forgot.api.forgotPassword({ email: "m@club.test" })).resolves.toEqual({
      message: "On its way.",
    });
    expect(forgot.sent[0]).toMatchObject({
      url: "http://club.test/api/Register/forgotPassword",
      method: "POST",
      body: { email: "m@club.test" },
    });

    const reset = answering(200, { message: "Changed." });
    const input = { email: "m@club.test", token: "t-1", password: "a-new-password" };
    await expect(reset.api.resetPassword(input)).resolves.toEqual({ message: "Changed." });
    expect(reset.sent[0]).toMatchObject({
      url: "http://club.test/api/Register/resetPassword",
      method: "POST",
      body: input,
    });
  });

  it("logs out with POST /api/Register/logout {refreshToken}", async () => {
    const { api, sent } = answering(200, { ok: true });

    await expect(api.logout("r-1")).resolves.toBeUndefined();
    expect(sent[0]).toMatchObject({
      url: "http://club.test/api/Register/logout",
      method: "POST",
      body: { refreshToken: "r-1" },
    });
  });

  it("validates with the bearer token and no body; a 401 rejects", async () => {
    const ok = answering(200, { valid: true, email: "m@club.test" });
    await expect(ok.api.validateToken("a-1")).resolves.toEqual({ email: "m@club.test" });
    expect(ok.sent[0]!.headers.get("authorization")).toBe("Bearer a-1");
    expect(ok.sent[0]!.body).toBeUndefined();

    const rejected = answering(401, {
      error: { code: "UNAUTHORIZED", message: "Invalid or expired token." },
    });
    await expect(rejection(rejected.api.validateToken("a-1"))).resolves.toMatchObject({ status: 401 });
  });

  it("lets a network failure through as fetch's own error, not an ApiError", async () => {
    const api = createAuthApi({ fetch: () => Promise.reject(new TypeError("fetch failed")) });
    const error = await rejection(api.refresh("r"));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});
