// The built server's entry (dist/server.js). The heap setting must come before the server's
// modules load: a dynamic import, because static ones (and the npm packages they import) would
// all be evaluated before this file's first line.
import "./platform/youngGeneration";

await import("./server");
