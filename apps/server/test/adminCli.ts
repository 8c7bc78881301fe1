import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runAdmin } from "../src/admin/program";

/** apps/server: where `npm run admin` runs the CLI from. */
export const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A program run as its own process: exit code and output, never a rejection. */
export const runProcess = (file: string, args: string[], cwd: string, env: Record<string, string>) =>
  new Promise<AdminRun>((resolve) => {
    execFile(
      file,
      args,
      { cwd, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });

/**
 * `npm run admin -- ...` as its own process: the CLI's build (dist/admin/cli.js, what `npm run admin`
 * runs; test/globalSetup.ts builds it from the sources before any file), from apps/server.
 */
export const adminProcess = (args: string[], env: Record<string, string>) =>
  runProcess(process.execPath, ["dist/admin/cli.js", ...args], SERVER_DIR, env);

/**
 * The same command line in this process: what cli.ts does (the program on the process's
 * environment, from apps/server) but the process start, ~0.5 s of CPU each. The tests that need a
 * process of its own (a server writing beside it, the database open in another process, npm) use
 * adminProcess.
 */
export async function adminInProcess(args: string[], env: Record<string, string>): Promise<AdminRun> {
  let stdout = "";
  let stderr = "";
  const code = await runAdmin(args, {
    env: { ...process.env, ...env },
    cwd: SERVER_DIR,
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}
