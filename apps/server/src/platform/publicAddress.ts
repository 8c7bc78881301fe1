import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { WebhooksMessages } from "@club/shared";

/**
 * Where the server may be told to send (a webhook, a browser's push service): a public address,
 * never the server itself or its own network (loopback, RFC 1918, carrier-grade NAT, link-local
 * with the cloud metadata address 169.254.169.254, IPv6 loopback, ULA and link-local, multicast and
 * reserved ranges). A name is checked by what it resolves to, when the URL is given and again on
 * the very address each request connects to, so a name that resolves elsewhere later (DNS
 * rebinding) is refused too.
 */
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:10.0.0.1), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address the server must not be sent to (its own machine or network). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    return v4 !== undefined ? privateRanges.check(v4, "ipv4") : privateRanges.check(address, "ipv6");
  }
  return true;
}

export interface TargetRules {
  /** WEBHOOKS_ALLOW_PRIVATE: a home server's other services on its own network are allowed. */
  allowPrivate: boolean;
  /** Only https (a push service); http too otherwise, unless private addresses are allowed. */
  httpsOnly?: boolean;
}

const LOOKUP_TIMEOUT_MS = 3_000;

const resolveAll = (hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS);
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      clearTimeout(timer);
      resolve(err ? [] : addresses);
    });
  });

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Checks a URL the server is asked to send to later: the refusal's sentence, or null when it may.
 * A name that does not resolve now is accepted (it is checked again at every send).
 */
export async function refuseTarget(raw: string, rules: TargetRules): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WebhooksMessages.notUrl;
  }
  const httpsOnly = rules.httpsOnly === true && !rules.allowPrivate;
  if (url.protocol !== "https:" && (httpsOnly || url.protocol !== "http:"))
    return WebhooksMessages.protocol(httpsOnly);
  if (url.username || url.password) return WebhooksMessages.credentials;
  if (rules.allowPrivate) return null;
  const host = bareHost(url);
  if (isIP(host)) return isPrivateAddress(host) ? WebhooksMessages.privateAddress(host) : null;
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return WebhooksMessages.privateAddress(host);
  const refused = (await resolveAll(name)).find((a) => isPrivateAddress(a.address));
  return refused ? WebhooksMessages.privateAddress(`${host} (${refused.address})`) : null;
}

/** A lookup that refuses private addresses: the check happens on the address connected to. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 4);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) {
      const error = Object.assign(
        new Error(`${hostname} resolves to ${refused.address}, a private address`),
        {
          code: "EPRIVATE",
        },
      );
      return callback(error, "", 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

const ANSWER_MAX_BYTES = 64 * 1024;

export interface PostResult {
  status: number;
  headers: IncomingHttpHeaders;
}

/**
 * POSTs a body to a URL and reads the status (the answer's body is dropped; one longer than
 * 64 KB is cut off). No redirect is followed. Unless private addresses are allowed,
 * the address connected to is public, whatever the name resolves to at that moment.
 */
export function postTo(
  target: string,
  init: {
    headers: Record<string, string>;
    body: Uint8Array | string;
    timeoutMs: number;
    allowPrivate: boolean;
  },
): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      reject(new Error(WebhooksMessages.notUrl));
      return;
    }
    const host = bareHost(url);
    if (!init.allowPrivate && isIP(host) && isPrivateAddress(host)) {
      reject(new Error(`${host} is a private address`));
      return;
    }
    const send =
      url.protocol === "https:" ? httpsRequest : url.protocol === "http:" ? httpRequest : undefined;
    if (!send) {
      reject(new Error(WebhooksMessages.protocol(false)));
      return;
    }
    const body = typeof init.body === "string" ? Buffer.from(init.body) : init.body;
    const req = send(
      url,
      {
        method: "POST",
        headers: { ...init.headers, "content-length": String(body.byteLength) },
        lookup: init.allowPrivate ? undefined : publicLookup,
        timeout: init.timeoutMs,
      },
      (res) => {
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers });
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > ANSWER_MAX_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on("end", done);
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${init.timeoutMs / 1000} s`)));
    req.on("error", reject);
    req.end(body);
  });
}
