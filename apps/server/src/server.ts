import { MigrationError } from "@club/db";
import { buildApp } from "./app/buildApp";
import { ConfigError, loadConfig } from "./config";
import { SERVER_UMASK } from "./platform/dataDir";
import { loadArgon2 } from "./platform/passwords";

/**
 * When argon2 (password hashing, a native addon) is loaded if no login came first: after the server
 * answers, not before (platform/passwords.ts), and soon enough that a broken install stops it at start.
 */
const ARGON2_AFTER_LISTEN_MS = 1_000;

/** How long a graceful shutdown may take before the process exits anyway (a stuck request, a hung SMTP). */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  // Whatever the server creates (DATA_DIR, the database, images, mail) is its user's alone.
  process.umask(SERVER_UMASK);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, logger: true });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting now`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Whiskey club is running at ${config.appUrl}`);
  setTimeout(() => {
    loadArgon2().catch((err: unknown) => {
      app.log.fatal({ err }, "argon2 (password hashing) could not be loaded: stopping");
      process.exit(1);
    });
  }, ARGON2_AFTER_LISTEN_MS).unref();
}

main().catch((error: unknown) => {
  // A database this server must not run on (newer, or a migration failed): its one line.
  console.error(error instanceof MigrationError ? error.message : error);
  process.exit(1);
});
