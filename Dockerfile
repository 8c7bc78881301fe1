# syntax=docker/dockerfile:1
# The whiskey club (server + web app) for a home server: see README.md, "Self-hosting".
# No Docker engine at hand? apps/server/test/production.test.ts runs these same stages' steps
# (its COPY lists, RUN commands, ENV, CMD and HEALTHCHECK) outside Docker on every `npm test`.

# ---- toolchain: compilers for native modules (better-sqlite3, argon2) without a prebuilt binary ----
FROM node:20-bookworm-slim AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_update_notifier=false TURBO_TELEMETRY_DISABLED=1 JOBS=max
WORKDIR /app

# ---- build: all dependencies (dev included), then `npm run build`: the web app into apps/web/dist,
# the server (with the workspace packages it uses) as plain JavaScript into apps/server/dist ----
FROM toolchain AS build
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/e2e/package.json apps/e2e/
COPY packages/api/package.json packages/api/
COPY packages/db/package.json packages/db/
COPY packages/shared/package.json packages/shared/
COPY packages/testing/package.json packages/testing/
# npm can print "Exit handler never called!" and exit 0 after a failed install: the check makes a
# half-installed node_modules fail the build instead of being cached as a success.
COPY scripts/check-install.mjs scripts/
RUN npm ci --no-audit --no-fund && node scripts/check-install.mjs
COPY . .
RUN npm run build

# ---- prod-deps: the build's node_modules without the dev dependencies (native modules stay built) ----
FROM build AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

# ---- runtime: the two builds and the production dependencies; no compilers, no sources, not root ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production DATA_DIR=/data PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/e2e/package.json apps/e2e/
COPY packages/api/package.json packages/api/
COPY packages/db/package.json packages/db/
COPY packages/shared/package.json packages/shared/
COPY packages/testing/package.json packages/testing/
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The library's prerender (vite build --ssr): one self-contained module, loaded on first use.
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What the image is (docker inspect): the release's version (package.json's "version", which
# production.test.ts holds this default to), where its source lives and the commit it was built
# from. npm run test:image passes SOURCE and REVISION from git: docker compose build --build-arg
# REVISION=$(git rev-parse HEAD) --build-arg SOURCE=$(git remote get-url origin) does the same.
ARG VERSION=1.1.0
ARG SOURCE=unknown
ARG REVISION=unknown
LABEL org.opencontainers.image.title="Whiskey Club" \
  org.opencontainers.image.version="$VERSION" \
  org.opencontainers.image.source="$SOURCE" \
  org.opencontainers.image.revision="$REVISION"
CMD ["node", "apps/server/dist/server.js"]
