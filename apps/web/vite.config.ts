import { defineConfig, type ProxyOptions } from "vite";
import react from "@vitejs/plugin-react";

const api = "http://localhost:3000";

/** POST /login is the API; every other /login request is the SPA's login screen. */
const loginProxy: ProxyOptions = {
  target: api,
  bypass: (req) => (req.method === "POST" ? undefined : req.url),
};

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": api,
      "/trpc": api,
      "/healthz": api,
      "^/login(\\?.*)?$": loginProxy,
    },
  },
  build: {
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
