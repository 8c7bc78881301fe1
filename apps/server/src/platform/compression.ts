import fp from "fastify-plugin";
import compress from "@fastify/compress";
import { COMPRESS_MIN_BYTES } from "./httpCache";

/**
 * Response compression (brotli or gzip, as the client accepts) for everything that is not
 * compressed already: the web app's files, tRPC's own answers, error bodies. Public reads arrive
 * here compressed once and cached (httpCache.ts) and are passed through untouched. Bodies
 * under 1 KiB are sent as they are. Request bodies are never decompressed (uploads are images,
 * JSON bodies are small). Register it before the routes: it attaches itself to each route.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESS_MIN_BYTES,
      encodings: ["br", "gzip"],
    });
  },
  { name: "compression" },
);
