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
 * Who a client is, the narrowest of its networks (clientNetworks, which the budgets use): an IPv4
 * address, also when it arrives mapped into IPv6 (`::ffff:a.b.c.d` on a dual-stack socket); for
 * IPv6, its /64, since a single home line, phone or VM is given a whole /64 and can send each
 * request from a new address. The same rule as @fastify/rate-limit's default.
 */
export function clientAddress(ip: string): string {
  return clientNetworks(ip)[0]?.key ?? ip;
}

/**
 * The wider IPv6 networks a client counts against too, with the clients' worth of budget each
 * has: an ISP or a free tunnel broker gives a /56 or a /48 (256 or 65,536 /64s), and each /64
 * would otherwise be a client with a budget of its own. A /56 has 4 clients'
 * budgets in all, a /48 8: a household or an office under one prefix keeps room for a few
 * devices, and one /48 is no more than 8 clients.
 */
export const IPV6_NETWORKS = [
  { bits: 64, share: 1 },
  { bits: 56, share: 4 },
  { bits: 48, share: 8 },
] as const;

/** A network a client counts against (`key`, e.g. `2001:db8:1::/48`), and its clients' worth of budget. */
export interface ClientNetwork {
  key: string;
  share: number;
}

/**
 * Every budget a client spends from, narrowest first: an IPv4 address alone (also as
 * `::ffff:a.b.c.d`); an IPv6 address's /64 (clientAddress), /56 and /48 (IPV6_NETWORKS).
 */
export function clientNetworks(ip: string): ClientNetwork[] {
  if (!isIPv6(ip)) return [{ key: ip.toLowerCase(), share: 1 }];
  const g = groupsOf(ip);
  if (g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff) {
    const [hi = 0, lo = 0] = g.slice(6);
    return [{ key: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, share: 1 }];
  }
  return IPV6_NETWORKS.map(({ bits, share }) => {
    const kept = g
      .slice(0, 4)
      .map((n, i) => (i * 16 + 16 <= bits ? n : n & (0xffff << (16 - (bits - i * 16)))));
    return { key: `${kept.map((n) => n.toString(16)).join(":")}::/${bits}`, share };
  });
}
