import fp from "fastify-plugin";
import type { Socket } from "node:net";

/**
 * A close that a connection carrying no request cannot hold up. Browsers open a connection ahead
 * of the requests they expect (Chromium keeps a spare one per site); Node counts a connection that
 * has not sent a request yet as busy, so Fastify's close, which ends the idle ones, waited for it
 * until the request timeout (120 s), and a server stopped with SIGTERM hit its 10 s deadline and
 * exited 1. Once the server is closing, such connections are ended, and one accepted meanwhile is
 * ended at once; a request already on its way (its headers arrived) still finishes.
 */
export default fp(
  async (app) => {
    const unused = new Set<Socket>();
    let closing = false;
    app.server.on("connection", (socket: Socket) => {
      if (closing) return void socket.destroy();
      unused.add(socket);
      socket.once("close", () => unused.delete(socket));
    });
    app.server.on("request", (req: { socket: Socket }) => unused.delete(req.socket));
    app.addHook("preClose", async () => {
      closing = true;
      for (const socket of unused) socket.destroy();
      unused.clear();
    });
  },
  { name: "unused-connections" },
);
