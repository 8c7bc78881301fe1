import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "./helpers";

/** Rows in a table, read straight from SQLite (to prove a refused request changed nothing). */
export const countRows = (t: TestApp, table: string): number =>
  (t.app.deps.db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** Row counts of every table a bottles/instances/comments write can touch. */
export const snapshot = (t: TestApp) =>
  Object.fromEntries(
    ["bottles", "brands", "bottle_instances", "bottle_comments", "bottle_images"].map((table) => [
      table,
      countRows(t, table),
    ]),
  );

/** The id of a seeded lookup row by name (drink_types, countries, states) or of a brand. */
export function lookupId(t: TestApp, table: "brands" | "drink_types" | "countries" | "states", name: string) {
  const row = t.app.deps.db.$client.prepare(`SELECT id FROM ${table} WHERE name = ?`).get(name) as
    { id: number } | undefined;
  if (!row) throw new Error(`no ${table} row named ${name}`);
  return row.id;
}

export const postJson = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.request({ method: "POST", url, payload: payload as Record<string, unknown>, token });

/** Creates a bottle through POST /api/Bottles/NewBottle and returns its id. */
export async function newBottle(
  t: TestApp,
  token: string,
  body: Record<string, unknown> = {},
): Promise<number> {
  const res = await postJson(t, "/api/Bottles/NewBottle", { name: "Test Bottle", abv: 45, ...body }, token);
  if (res.statusCode !== 201) throw new Error(`NewBottle failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

export interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----club-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** The JSON error body every REST error has. */
export const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: { code: string; message: string; issues?: unknown } }>().error;
