import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";

describe("GET /healthz", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 200 with the release's version when the database is reachable", async () => {
    const res = await t.request({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    const { version } = JSON.parse(
      readFileSync(new URL("../../../../package.json", import.meta.url), "utf8"),
    ) as {
      version: string;
    };
    expect(version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(res.json()).toEqual({ status: "ok", version });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.request({ method: "GET", url: "/api/Nope", headers: { accept: "text/html" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
  });

  it("seeds the lookup lists through a migration", () => {
    const n = t.app.deps.db.$client.prepare("SELECT count(*) AS n FROM drink_types").get() as { n: number };
    expect(n.n).toBeGreaterThan(10);
  });
});
