/// <reference lib="webworker" />
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import {
  answersToKeep,
  callKey,
  offlineBatchBody,
  pageReadsToKeep,
  parseTrpcBatch,
  type TrpcBatch,
} from "./trpcOffline";
import { offlineMessage } from "./offlineMessage";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const READS_CACHE = "club-reads";
const IMAGES_CACHE = "club-images";
const THIRTY_DAYS_S = 30 * 24 * 3600;
/**
 * Where the club is: its origin and APP_URL's path ("" at a host's root), which the worker's scope
 * is (the page registers it there: src/pwa/register.ts). Its calls and pages are under it.
 */
const BASE = new URL(self.registration.scope).pathname.replace(/\/$/, "");
const CLUB = `${self.location.origin}${BASE}`;
/** A page request that takes longer than this (a phone on a bad connection) gets the cached app shell. */
const PAGE_TIMEOUT_MS = 5_000;

// The app shell: index.html, the hashed scripts and styles, icons (the build lists them).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first visit's page is controlled at once, so what it reads is kept from the start.
clientsClaim();

// Pages: the server first (it adds per-page hints, and serves routes that are not the app's, such
// as downloads), the precached app shell when it cannot be reached.
const appShell = createHandlerBoundToURL(`${BASE}/index.html`);
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      const response = await fetch(options.request, { signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
      // A first page's reads came in the page (prerendered): kept as if the app had fetched them.
      if (response.ok)
        (options.event as FetchEvent).waitUntil(
          response
            .clone()
            .text()
            .then((html) => keep(pageReadsToKeep(CLUB, html)))
            .catch(() => undefined),
        );
      return response;
    } catch {
      return appShell(options);
    }
  }),
);

// Bottle photos: their URLs carry the image's content hash, so a kept copy never goes stale.
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin &&
    url.pathname.startsWith(`${BASE}/`) &&
    /^\/api\/Bottles\/\d+\/Image$/.test(url.pathname.slice(BASE.length)),
  new CacheFirst({
    cacheName: IMAGES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: THIRTY_DAYS_S, purgeOnQuotaError: true }),
    ],
  }),
);

const readsExpiration = new CacheExpiration(READS_CACHE, { maxEntries: 400, maxAgeSeconds: THIRTY_DAYS_S });

async function keepAnswers(batch: TrpcBatch, response: Response): Promise<void> {
  await keep(answersToKeep(CLUB, batch, await response.json()));
}

async function keep(kept: { key: string; answer: unknown }[]): Promise<void> {
  if (kept.length === 0) return;
  const cache = await caches.open(READS_CACHE);
  for (const { key, answer } of kept) {
    await cache.put(
      key,
      new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } }),
    );
    await readsExpiration.updateTimestamp(key);
  }
  await readsExpiration.expireEntries();
}

async function keptBatch(batch: TrpcBatch): Promise<Response | null> {
  const cache = await caches.open(READS_CACHE);
  const kept = await Promise.all(
    batch.procedures.map(async (procedure, index) => {
      const hit = await cache.match(callKey(CLUB, procedure, batch.inputs[index] ?? "null"));
      return hit ? ((await hit.json()) as unknown) : undefined;
    }),
  );
  const body = offlineBatchBody(batch, kept);
  if (!body) return null;
  const complete = kept.every((answer) => answer !== undefined);
  return new Response(JSON.stringify(body), {
    status: complete ? 200 : 207,
    headers: { "content-type": "application/json", "x-club-offline": "1" },
  });
}

/** Tells the page whether its data now comes from the network or from what it saw last. */
async function tellPage(clientId: string, offline: boolean, at: number): Promise<void> {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage(offlineMessage(offline, at));
}

// The public reads of the library, meetings and bottles: the network first; what was seen last
// when the server cannot be reached (or fails). Only OFFLINE_READS are kept (see publicReads.ts).
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === "GET" && parseTrpcBatch(url, BASE) !== null,
  async ({ request, event }) => {
    const startedAt = Date.now();
    const batch = parseTrpcBatch(new URL(request.url), BASE)!;
    const fetchEvent = event as FetchEvent;
    try {
      const response = await fetch(request);
      if (response.status < 500) {
        if (response.ok || response.status === 207)
          fetchEvent.waitUntil(keepAnswers(batch, response.clone()).catch(() => undefined));
        fetchEvent.waitUntil(tellPage(fetchEvent.clientId, false, startedAt));
        return response;
      }
      const kept = await keptBatch(batch);
      if (kept) fetchEvent.waitUntil(tellPage(fetchEvent.clientId, true, startedAt));
      return kept ?? response;
    } catch (error) {
      const kept = await keptBatch(batch);
      // Nothing kept (a page not seen before): the page still hears it is offline.
      if (!kept) {
        fetchEvent.waitUntil(tellPage(fetchEvent.clientId, true, startedAt));
        throw error;
      }
      fetchEvent.waitUntil(tellPage(fetchEvent.clientId, true, startedAt));
      return kept;
    }
  },
);

// "A new version is available — Reload": the page asks the waiting worker to take over.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

// Web Push: the server's notification (features/notifications on the server) shown on the phone;
// a tap opens its link in a window of the app (one already open is used).
interface PushPayload {
  title?: string;
  body?: string;
  link?: string;
  kind?: string;
}

self.addEventListener("push", (event) => {
  let payload: PushPayload;
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    payload = { title: event.data?.text() };
  }
  const link =
    typeof payload.link === "string" && payload.link.startsWith("/") ? payload.link : "/notifications";
  event.waitUntil(
    self.registration.showNotification(payload.title || "Whiskey club", {
      body: payload.body ?? "",
      tag: payload.kind ? `${payload.kind}:${link}` : undefined,
      data: { link },
      icon: `${BASE}/icons/icon-192.png`,
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = (event.notification.data as { link?: string } | null)?.link ?? "/notifications";
  // The server's link is a path of the app (from its root): under the club's path here.
  const url = new URL(`${BASE}${link}`, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        // The link first: focusing is the browser's to allow (it may refuse), the link is the point.
        const shown = (await open.navigate(url)) ?? open;
        await shown.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
