/**
 * npm run bench:login: how long a wrong password takes at POST /login, by the kind of address
 * ("equal time at login"). The real server (dist/server.js) on loopback; the kinds are
 * tried in turn, round after round, so that a busy moment of the machine hits them all alike.
 * Reported: each kind's median and its distance from the unknown address's median (target: within
 * 10 %). Exit 0 always.
 *   BENCH_LOGIN_ROUNDS=60
 */
import { rmSync } from "node:fs";
import { closeDb, members, openDb } from "@club/db";
import { hashPassword } from "../src/platform/passwords";
import { prepareDataDir, startServer } from "./serverProcess";

const ROUNDS = Number(process.env.BENCH_LOGIN_ROUNDS ?? 60);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const prepared = await prepareDataDir();
  const db = openDb(prepared.dbFile);
  const confirmed = new Date().toISOString();
  const add = async (email: string, values: Partial<typeof members.$inferInsert> = {}) =>
    db
      .insert(members)
      .values({
        email,
        passwordHash: await hashPassword(`pass-of-${email}-${Math.random()}`),
        firstName: "Bench",
        lastName: "Login",
        emailConfirmedAt: confirmed,
        ...values,
      })
      .run();
  await add("member@example.com");
  await add("waiting@example.com", { status: "pending" });
  // An address with three registrations nobody confirmed (the attack's slowest case: 3 extra hashes).
  for (let i = 0; i < 3; i++) await add("registered@example.com", { emailConfirmedAt: null });
  // A confirmed member with registrations of the same address beside it.
  await add("both@example.com");
  for (let i = 0; i < 3; i++) await add("both@example.com", { emailConfirmedAt: null });
  closeDb(db);

  const kinds = {
    "unknown address": "nobody@example.com",
    member: "member@example.com",
    "member waiting for approval": "waiting@example.com",
    "3 unconfirmed registrations": "registered@example.com",
    "member + 3 registrations": "both@example.com",
  };
  const server = await startServer(prepared.dataDir, { env: { RATE_LIMIT: "false" } });
  const times = Object.fromEntries(Object.keys(kinds).map((k) => [k, [] as number[]]));
  try {
    const attempt = async (email: string) => {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "a-wrong-password" }),
      });
      await res.text();
      if (res.status !== 401) throw new Error(`${email}: ${res.status}`);
      return performance.now() - started;
    };
    for (const email of Object.values(kinds)) await attempt(email); // warm-up
    const entries = Object.entries(kinds);
    for (let round = 0; round < ROUNDS; round++) {
      // A different first kind each round.
      for (let i = 0; i < entries.length; i++) {
        const [kind, email] = entries[(round + i) % entries.length]!;
        times[kind]!.push(await attempt(email));
      }
    }
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(prepared.dataDir, { recursive: true, force: true });
  }
  const base = median(times["unknown address"]!);
  console.log(`Login with a wrong password, ${ROUNDS} rounds (median, and against the unknown address):`);
  for (const [kind, values] of Object.entries(times)) {
    const m = median(values);
    const diff = ((m - base) / base) * 100;
    console.log(
      `  ${kind.padEnd(30)} ${m.toFixed(1).padStart(6)} ms  ${diff >= 0 ? "+" : ""}${diff.toFixed(1)} %`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(0);
});
