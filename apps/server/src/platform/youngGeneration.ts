import { setFlagsFromString } from "node:v8";

/**
 * Keeps V8's young generation (new space) at its initial size instead of letting it grow to
 * 32 MB during the start's burst of allocations (building the routes and schemas), where it then
 * stays: about 20 MB less memory for a server that idles most of the day, for slightly more
 * frequent (and each cheap) minor garbage collections under load. docs/benchmarks.md,
 * "Footprint", has the figures. Imported first by server.ts so it applies before anything else
 * loads. A --max-semi-space-size or --semi-space-growth-factor given to node wins.
 */
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
if (!given.some((arg) => /^--(max-semi-space-size|semi-space-growth-factor)\b/.test(arg)))
  setFlagsFromString("--semi-space-growth-factor=1");
