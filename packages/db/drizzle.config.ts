import { defineConfig } from "drizzle-kit";

// `npm run db:generate -w @club/db` (or `npm run db:generate` at the root): a migration and its
// journal entry and snapshot from the change to src/schema. SQL the schema cannot say (triggers,
// FTS, seeds): `npm run db:generate -w @club/db -- --custom --name what_it_does`, then write it.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/schema/index.ts",
  out: "./migrations",
  casing: "snake_case",
});
