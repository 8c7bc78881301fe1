import { downloadWithToken } from "../../lib/authDownload";

/** GET /api/Backups/Latest (admins), saved under the server's file name; answers that name. */
export const downloadLatestBackup = (): Promise<string> =>
  downloadWithToken("/api/Backups/Latest", "club-backup.tar.gz");
