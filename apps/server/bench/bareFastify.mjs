// The footprint benchmark's yardstick (bench/footprint.ts): a bare Fastify process, started the
// same way as the built server (node on a JavaScript file), answering GET /healthz.
import Fastify from "fastify";

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? "info" } });
app.get("/healthz", async () => ({ status: "ok" }));
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? "127.0.0.1" });
