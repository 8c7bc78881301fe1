/**
 * What other workspaces may take of the server (package.json `exports`): the router's type for
 * packages/api, and what the browser tests start and sign a club with. Nothing imports the
 * server's sources by path.
 */
export type { AppRouter } from "./app/router";
export { buildApp } from "./app/buildApp";
export { endpoints } from "./app/endpoints";
export { loadConfig, type Config } from "./config";
export { hashPassword } from "./platform/passwords";
export { DEMO_LOGIN } from "./seed";
export { signRsvpToken } from "./features/reminders/links";
export { newBackupPath } from "./features/backups/folder";
export { approve, deactivate, invite, role, twoFactorOff } from "./admin/membership";
