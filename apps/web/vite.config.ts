import { defineConfig, type ProxyOptions } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { routePreload } from "./vite.routePreload";

const api = "http://localhost:3000";

/** POST /login is the API; every other /login request is the SPA's login screen. */
const loginProxy: ProxyOptions = {
  target: api,
  bypass: (req) => (req.method === "POST" ? undefined : req.url),
};

export default defineConfig({
  plugins: [react(), routePreload(fileURLToPath(new URL(".", import.meta.url)))],
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
    rolldownOptions: {
      treeshake: {
        // @club/shared is plain declarations (zod schemas, messages, constants): a screen that imports
        // only Messages must not pull zod into the first screen's bundle.
        moduleSideEffects: (id) => (id.includes("/packages/shared/src/") ? false : undefined),
      },
      output: {
        codeSplitting: {
          // Popover positioning is needed only by selects in dialogs, never by the first screen.
          includeDependenciesRecursively: false,
          groups: [{ name: "floating-ui", test: /node_modules[\\/]@floating-ui[\\/]/ }],
        },
      },
    },
  },
});
