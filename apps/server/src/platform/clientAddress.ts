import { isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read, a zone dropped). */
function groupsOf(ip: string): number[] {
  let text = ip.split("%")[0] ?? "";
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill("0");
  return [...front, ...zeros, ...back].map((group) => parseInt(group, 16));
}

/**
 * Who a client is, for the per-address budgets (a guest code's wrong guesses, the live streams):
 * an IPv4 address, also when it arrives mapped into IPv6 (`::ffff:a.b.c.d` on a dual-stack
 * socket); for IPv6, its /64, since a single home line, phone or VM is given a whole /64 and can
 * send each request from a new address (session 10). The same rule as @fastify/rate-limit's
 * (login, registration, refresh), which groups IPv6 by /64 too.
 */
export function clientAddress(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const g = groupsOf(ip);
  if (g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff) {
    const [hi = 0, lo = 0] = g.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${g
    .slice(0, 4)
    .map((n) => n.toString(16))
    .join(":")}::/64`;
}
