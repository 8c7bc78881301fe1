import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parentPort, Worker } from "node:worker_threads";

/**
 * Jobs that would hold the event loop for long (the club restore) run in a worker thread. From the
 * sources (tests, `npm run dev`) the worker is the .ts file beside its feature, loaded through
 * tsx; in the build it is `dist/workers/<name>.js` (an entry of build.mjs), beside the chunks.
 */
export const WORKERS = {
  clubRestore: new URL("../features/transfer/clubRestoreWorker.ts", import.meta.url),
} as const;

function entryOf(name: keyof typeof WORKERS): URL {
  const source = WORKERS[name];
  if (!existsSync(fileURLToPath(source))) return new URL(`../workers/${name}.js`, import.meta.url);
  // From the sources: a tiny module that registers tsx in the worker, then loads the .ts entry
  // (Node 20 does not pass `--import tsx` hooks on to a worker's entry).
  const tsxDir = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsx = pathToFileURL(join(tsxDir, "dist/esm/api/index.mjs")).href;
  const shim = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(shim)}`);
}

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

/** One thread per kind of job, started on first use and kept (unref'd: it never holds the process). */
const threads = new Map<keyof typeof WORKERS, { worker: Worker; pending: Map<number, Pending> }>();
let nextId = 1;

function threadFor(name: keyof typeof WORKERS) {
  const known = threads.get(name);
  if (known) return known;
  const worker = new Worker(entryOf(name));
  worker.unref();
  const thread = { worker, pending: new Map<number, Pending>() };
  const fail = (error: Error) => {
    threads.delete(name);
    for (const job of thread.pending.values()) job.reject(error);
    thread.pending.clear();
  };
  worker.on("message", ({ id, output, error }: { id: number; output?: unknown; error?: string }) => {
    const job = thread.pending.get(id);
    thread.pending.delete(id);
    if (error !== undefined) job?.reject(new Error(error));
    else job?.resolve(output);
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the ${name} worker stopped (exit code ${code})`)));
  threads.set(name, thread);
  return thread;
}

/**
 * Runs one job in the named worker thread and resolves with its output. Jobs run one after the
 * other in that thread; `transfer` hands buffers over without a copy.
 */
export function runWorker<T>(
  name: keyof typeof WORKERS,
  input: unknown,
  transfer: ArrayBuffer[] = [],
): Promise<T> {
  const thread = threadFor(name);
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    thread.pending.set(id, { resolve: resolve as (output: unknown) => void, reject });
    thread.worker.postMessage({ id, input }, transfer);
  });
}

/**
 * The body of a worker thread's entry: answers each job posted to it with `work`'s output, or
 * with the error's message when it throws.
 */
export function serveJobs(work: (input: never) => unknown): void {
  parentPort!.on("message", ({ id, input }: { id: number; input: never }) => {
    try {
      parentPort!.postMessage({ id, output: work(input) });
    } catch (error) {
      parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
