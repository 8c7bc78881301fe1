import { existsSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { Command, CommanderError } from "commander";
import { closeDb, isDatabaseSetUp, openDb, type Db } from "@club/db";
import { APP_VERSION, PASSWORD_MIN_LENGTH } from "@club/shared";
import { ConfigError, loadConfig, settingsBaseDir, type Config } from "../config";
import { AdminError, backup, confirm, members, resetPassword } from "./commands";
import { approve, deactivate, invite, role, twoFactorOff } from "./membership";
import { restore } from "./restore";
import { memberSince } from "./dues";
import { BackupError } from "../platform/backups";

/**
 * `npm run admin -- <command>`: the club admin's tools for a server without SMTP or a lost
 * password. Works on the same DATA_DIR the server uses, and is safe while the server runs
 * (SQLite with WAL and a busy timeout; backups use SQLite's online backup).
 *
 * The program reads its environment and writes its output through a `CliIo`: cli.ts gives it the
 * process's, the tests their own (one process start costs ~0.5 s of CPU; test/adminCli.ts).
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  /** The working directory (apps/server under npm run); INIT_CWD, when set, comes first. */
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

export const processIo = (): CliIo => ({
  env: process.env,
  cwd: process.cwd(),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});

// The same default and file name as config.ts, only to refuse early, before anything is created.
const dataDirSetting = (io: CliIo) => io.env.DATA_DIR?.trim() || "./data";
const DB_FILE_NAME = "club.sqlite";

/**
 * DATA_DIR and the paths on the command line are relative to where `npm run` was typed (npm sets
 * INIT_CWD), not apps/server: as the server takes DATA_DIR (config.ts).
 */
const fromInvocationDir = (io: CliIo, path: string) =>
  isAbsolute(path) ? path : resolve(settingsBaseDir(io.env, io.cwd), path);

function openClubDatabase(io: CliIo): { db: Db; config: Config } {
  // Checked before loadConfig, which would create DATA_DIR, DATA_DIR/images and DATA_DIR/jwt-secret.
  const dataDir = fromInvocationDir(io, dataDirSetting(io));
  const dbFile = join(dataDir, DB_FILE_NAME);
  if (!existsSync(dbFile)) {
    throw new AdminError(
      existsSync(dataDir)
        ? `No club database at ${dbFile}. Set DATA_DIR to the folder the server uses, or start the server once to create it.`
        : `DATA_DIR ${dataDir} does not exist. Set DATA_DIR to the folder the server uses (the one holding ${DB_FILE_NAME}).`,
    );
  }
  // The CLI never signs tokens: a placeholder keeps loadConfig from creating DATA_DIR/jwt-secret.
  // The folder checked above, as an absolute path: loadConfig resolves nothing again.
  const config = loadConfig({
    ...io.env,
    DATA_DIR: dataDir,
    JWT_SECRET: io.env.JWT_SECRET || "x".repeat(32),
  });
  const db = openDb(config.dbFile);
  if (!isDatabaseSetUp(db)) {
    closeDb(db);
    throw new AdminError(
      `${config.dbFile} is not set up yet: start the server once so it applies the migrations.`,
    );
  }
  io.err(`Database: ${config.dbFile}\n`);
  return { db, config };
}

async function withDatabase(io: CliIo, run: (db: Db, config: Config) => Promise<void> | void): Promise<void> {
  const { db, config } = openClubDatabase(io);
  try {
    await run(db, config);
  } finally {
    closeDb(db);
  }
}

const pad = (rows: string[][]) => {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows.map((r) =>
    r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  "),
  );
};

function buildProgram(io: CliIo): Command {
  const say = (line = ""): void => io.out(`${line}\n`);
  const program = new Command();
  program
    // Set before the commands are added, which inherit them: commander throws instead of exiting.
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .name("npm run admin --")
    .version(APP_VERSION, "-V, --version", "print the version of the whiskey club this is")
    .description(
      "Admin tasks for the whiskey club: list members, approve, change roles, deactivate, invite, confirm an email address by hand, reset a password, turn off a member's two-factor sign-in, set when a member joined (their dues opening), back up, restore a backup.",
    )
    .showHelpAfterError("(add --help for usage)")
    .addHelpText(
      "after",
      `
It works on the database in DATA_DIR, the same variable the server reads
(now: ${fromInvocationDir(io, dataDirSetting(io))}). A relative DATA_DIR is relative to
where you type the command, as for \`npm start\`. Safe to run while the server is running, except restore.

Examples:
  npm run admin -- members
  npm run admin -- approve ann@example.org
  npm run admin -- role ann@example.org admin
  npm run admin -- invite ann@example.org
  npm run admin -- confirm ann@example.org
  npm run admin -- reset-password ann@example.org
  npm run admin -- two-factor-off ann@example.org
  npm run admin -- member-since ann@example.org 2019-03-05 --joining-fee-paid --balance 24
  npm run backup -- backups/club-$(date +%F).sqlite
  npm run admin -- restore data/backups/club-2026-05-01T0300.sqlite   (server stopped)
  docker compose exec club npm run admin -- members        (in Docker)`,
    );

  /** A command on one member, named by the email address (its first argument). */
  const memberCommand = (name: string) =>
    program.command(name).argument("<email>", "the member's email address");

  program
    .command("members")
    .description("list the members: id, email, name, role, status and whether the email address is confirmed")
    .option("--json", "print JSON instead of a table")
    .action((opts: { json?: boolean }) =>
      withDatabase(io, (db) => {
        const rows = members(db);
        if (opts.json) return say(JSON.stringify(rows, null, 2));
        if (rows.length === 0) return say("No members yet. New members register on the web page.");
        const table = [["ID", "EMAIL", "NAME", "ROLE", "STATUS", "CONFIRMED"]];
        for (const m of rows) {
          const confirmed = m.emailConfirmedAt ? `yes (${m.emailConfirmedAt.slice(0, 10)})` : "no";
          const status = m.emailConfirmedAt ? m.status : "unconfirmed";
          table.push([String(m.id), m.email, `${m.firstName} ${m.lastName}`, m.role, status, confirmed]);
        }
        pad(table).forEach((line) => say(line));
        const unconfirmed = rows.filter((m) => !m.emailConfirmedAt).length;
        const waiting = rows.filter((m) => m.emailConfirmedAt && m.status === "pending").length;
        if (unconfirmed > 0 || waiting > 0) say();
        if (unconfirmed > 0) {
          say(
            `${unconfirmed} member${unconfirmed === 1 ? " has" : "s have"} not confirmed the email address. ` +
              "Confirm by hand with: npm run admin -- confirm EMAIL",
          );
        }
        if (waiting > 0) {
          say(
            `${waiting} member${waiting === 1 ? " waits" : "s wait"} for approval. ` +
              "Approve with: npm run admin -- approve EMAIL",
          );
        }
      }),
    );

  memberCommand("approve")
    .description("approve a membership request (a confirmed member waiting for approval); they get an email")
    .action((email: string) =>
      withDatabase(io, async (db, config) => {
        const member = await approve(db, config, email);
        say(`Approved ${member.email} (${member.firstName} ${member.lastName}). They can log in now.`);
      }),
    );

  memberCommand("role")
    .description("set a member's role: admin, treasurer or member (the club keeps at least one admin)")
    .argument("<role>", "admin, treasurer or member")
    .action((email: string, newRole: string) =>
      withDatabase(io, async (db, config) => {
        const member = await role(db, config, email, newRole);
        say(`${member.email} is now ${newRole.trim().toLowerCase()}.`);
      }),
    );

  memberCommand("deactivate")
    .description("deactivate a member: logged out everywhere at once, and no login until reactivated")
    .action((email: string) =>
      withDatabase(io, async (db, config) => {
        const member = await deactivate(db, config, email);
        say(`Deactivated ${member.email}; every session of theirs has ended.`);
      }),
    );

  memberCommand("two-factor-off")
    .description(
      "turn off a member's two-factor sign-in (a lost phone and lost recovery codes): they log in with the password alone until they set it up again",
    )
    .action((email: string) =>
      withDatabase(io, async (db, config) => {
        const { member, wasOn } = await twoFactorOff(db, config, email);
        say(
          wasOn
            ? `Two-factor sign-in is off for ${member.email}. They log in with their password and can set it up again on the Account page.`
            : `${member.email} had no two-factor sign-in; nothing changed.`,
        );
      }),
    );

  program
    .command("invite")
    .description(
      "print a single-use invite link (valid 14 days, works whatever REGISTRATION says); with an email, only that address can use it and it is emailed there",
    )
    .argument("[email]", "the address the invite is for (optional)")
    .action((email: string | undefined) =>
      withDatabase(io, async (db, config) => {
        const link = await invite(db, config, email);
        say(link.url);
        say(
          `Works once, until ${link.expiresAt.slice(0, 16).replace("T", " ")} UTC` +
            (link.email ? `, only for ${link.email} (emailed there).` : ", for anyone who has it."),
        );
      }),
    );

  memberCommand("confirm")
    .description("confirm a member's email address by hand, so they can log in without the emailed link")
    .action((email: string) =>
      withDatabase(io, (db) => {
        const { member, alreadyConfirmed } = confirm(db, email);
        say(
          alreadyConfirmed
            ? `${member.email} was already confirmed. Nothing changed.`
            : `Confirmed ${member.email} (${member.firstName} ${member.lastName}). They can log in now.`,
        );
      }),
    );

  memberCommand("reset-password")
    .description("set a new password for a member and log them out everywhere")
    .option(
      "--password <password>",
      `the new password (at least ${PASSWORD_MIN_LENGTH} characters). Leave it out to generate a strong one; ` +
        "a password typed here stays in your shell history",
    )
    .action((email: string, opts: { password?: string }) =>
      withDatabase(io, async (db) => {
        const result = await resetPassword(db, email, opts.password);
        say(
          `Password of ${result.member.email} reset; ${result.revokedSessions} active session` +
            `${result.revokedSessions === 1 ? "" : "s"} logged out.`,
        );
        if (result.generated) {
          say(`New password: ${result.password}`);
          say("Give it to the member privately.");
        }
      }),
    );

  memberCommand("member-since")
    .description(
      "set the opening of a member's dues ledger, for members from before the app: the date they became a member, whether the joining fee was paid then, the first month the app charges and a balance brought forward (recorded in the activity log, like the Treasurer screen's Opening)",
    )
    .argument("<date>", "the date they became a member, YYYY-MM-DD (not in the future)")
    .option("--joining-fee-paid", "the joining fee was paid then: none is charged (a charged one is voided)")
    .option(
      "--first-month <YYYY-MM>",
      "the first month the app charges (default: as recorded, else this month)",
    )
    .option(
      "--balance <dollars>",
      "owed when they started using the app: positive owed, negative in credit (default: as recorded, else 0)",
    )
    .option("--note <text>", "a note on the balance brought forward")
    .action(
      (
        email: string,
        date: string,
        opts: { joiningFeePaid?: boolean; firstMonth?: string; balance?: string; note?: string },
      ) =>
        withDatabase(io, async (db, config) => {
          say(await memberSince(db, config, email, date, opts));
        }),
    );

  program
    .command("backup")
    .description(
      "write a consistent copy of the database to <file> and the uploaded images to <file>-images/ (the server can keep running)",
    )
    .argument("<file>", "where to write the database copy, e.g. backups/club-2026-05-01.sqlite")
    .option("--force", "replace <file> and <file>-images/ if they exist")
    .addHelpText(
      "after",
      `
Restore (see README, "Backups and restore"): stop the server, then
  npm run admin -- restore <file>
It checks <file>, moves DATA_DIR/club.sqlite (with club.sqlite-wal and club.sqlite-shm)
and DATA_DIR/images aside to DATA_DIR/replaced-<time>/, and copies <file> and <file>-images/ in.`,
    )
    .action((file: string, opts: { force?: boolean }) =>
      withDatabase(io, async (db, config) => {
        const result = await backup(db, config, fromInvocationDir(io, file), opts);
        say(
          `Database copied to ${result.file} (${Math.ceil(result.bytes / 1024)} KB, ${result.members} members, integrity ok).`,
        );
        say(`Images copied to ${result.imagesDir}/ (${result.images} files).`);
      }),
    );

  program
    .command("restore")
    .description(
      "with the server stopped: check <file>, move the current database and images aside to DATA_DIR/replaced-<time>/, and put <file> and <file>-images/ in their place",
    )
    .argument("<file>", "a backup's database file, e.g. data/backups/club-2026-05-01T0300.sqlite")
    .action((file: string) => {
      // Where the server would look (config.ts): a relative DATA_DIR from where npm run was typed.
      const dataDir = fromInvocationDir(io, dataDirSetting(io));
      io.err(`Data folder: ${dataDir}\n`);
      const result = restore(dataDir, fromInvocationDir(io, file));
      if (result.replacedDir) say(`Moved ${result.moved.join(", ")} to ${result.replacedDir}/.`);
      say(
        `Restored ${result.file} to ${join(dataDir, DB_FILE_NAME)} (${result.members} members, integrity ok).`,
      );
      say(
        result.images === null
          ? `No ${result.file}-images/ folder next to it: ${join(dataDir, "images")} was left as it was.`
          : `Copied ${result.images} image files to ${join(dataDir, "images")}/.`,
      );
      say("Start the server now. Members log in again if DATA_DIR/jwt-secret changed.");
    });

  return program;
}

/** Runs one command line (the arguments after `npm run admin --`); resolves to the exit code. */
export async function runAdmin(args: string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync(args, { from: "user" });
    return 0;
  } catch (error) {
    // --help, a missing argument...: commander has written its message already.
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof AdminError || error instanceof ConfigError || error instanceof BackupError) {
      io.err(`error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
