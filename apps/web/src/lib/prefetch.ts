import { PREFETCH_GLOBAL, PREFETCH_MAX_AGE_MS } from "@club/shared";

/**
 * Answers the boot script fetched before the app started (vite.routePreload.ts): the tRPC GET of
 * the screen being opened, for visitors. The first request the app makes for the same URL takes
 * that answer over instead of going to the network again; any other request, a request with an
 * Authorization header, a failed prefetch or one older than 15 s goes to the network as usual.
 */
interface Prefetched {
  at: number;
  answer: Promise<unknown>;
}

/** Shared with the boot script (vite.routePreload.ts): packages/shared pageContract.ts. */
const GLOBAL = PREFETCH_GLOBAL;
const MAX_AGE_MS = PREFETCH_MAX_AGE_MS;

const store = () => (globalThis as unknown as Record<string, Record<string, Prefetched> | undefined>)[GLOBAL];

function hasAuthorization(headers: HeadersInit | undefined): boolean {
  if (!headers) return false;
  return new Headers(headers).has("authorization");
}

/** A fetch for httpBatchLink: the boot script's answer when there is one for this exact request. */
export const prefetchingFetch: typeof fetch = async (input, init) => {
  const prefetched = store();
  const url = typeof input === "string" ? input : null;
  const entry = url && prefetched ? prefetched[url] : undefined;
  if (!url || !entry || !prefetched) return fetch(input, init);
  delete prefetched[url];
  const method = (init?.method ?? "GET").toUpperCase();
  if (method !== "GET" || hasAuthorization(init?.headers) || Date.now() - entry.at > MAX_AGE_MS) {
    return fetch(input, init);
  }
  try {
    const body = await entry.answer;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  } catch {
    return fetch(input, init);
  }
};
