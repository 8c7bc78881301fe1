import { serveJobs } from "../../platform/workers";
import { restoreClub } from "./clubRestore";

// The club restore's worker thread (started by platform/workers.ts on the first restore).
serveJobs(restoreClub);
