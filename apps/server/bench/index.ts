/** The server's bench support for the browser benches (`@club/server/bench`): a generated club, the built server. */
export { generateClub, PROFILES, type GeneratedClub } from "./generator";
export { startServer, type ServerProcess } from "./serverProcess";
