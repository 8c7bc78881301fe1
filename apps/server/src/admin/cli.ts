import { SERVER_UMASK } from "../platform/dataDir";
import { processIo, runAdmin } from "./program";

// `npm run admin -- <command>` (dist/admin/cli.js): the program on this process's arguments,
// environment and output. Backups hold what the database holds: the CLI creates files for its user
// only, as the server does.
process.umask(SERVER_UMASK);
process.exitCode = await runAdmin(process.argv.slice(2), processIo());
