import type { RequestSpec } from "autocannon";

/**
 * bench/loadtest.ts's mix of requests, without its bookkeeping: public reads and a member's writes,
 * REST and tRPC, 12 requests of which 3 are writes. bench/footprint.ts sends it as a club's hour.
 */
export function hourRequests(
  club: { bottleIds: number[]; meetingIds: number[] },
  accessToken: string,
): RequestSpec[] {
  const auth = { "content-type": "application/json", authorization: `Bearer ${accessToken}` };
  let seq = 0;
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
  const json = (body: unknown) => JSON.stringify(body);
  return [
    { method: "GET", path: "/api/MonthlyMeetings/GetMonthlyMeetingsWithNames" },
    { method: "GET", path: "/api/Bottles/AllBottlesList" },
    {
      method: "POST",
      headers: auth,
      setupRequest: (req) => ({
        ...req,
        path: "/api/BottleComments",
        body: json({ bottleId: pick(club.bottleIds), comment: `hour comment ${++seq}` }),
      }),
    },
    { method: "GET", setupRequest: (req) => ({ ...req, path: `/api/Bottles/${pick(club.bottleIds)}` }) },
    { method: "GET", path: "/api/MonthlyThemes/WithLastDate" },
    {
      method: "POST",
      headers: auth,
      setupRequest: (req) => ({
        ...req,
        path: "/api/BottleInstances/new",
        body: json({
          bottleId: pick(club.bottleIds),
          datePurchased: "2026-11-20",
          purchasePrice: (1000 + (++seq % 90_000)) / 100,
          dateFinished: null,
        }),
      }),
    },
    {
      method: "GET",
      setupRequest: (req) => ({ ...req, path: `/api/BottleComments/bottle/${pick(club.bottleIds)}` }),
    },
    {
      method: "GET",
      setupRequest: (req) => ({ ...req, path: `/api/MonthlyMeetings/${pick(club.meetingIds)}` }),
    },
    {
      method: "POST",
      setupRequest: (req) => ({
        ...req,
        path: "/trpc/bottles.updateAbv",
        headers: auth,
        body: json({ bottleId: pick(club.bottleIds), abv: 40 + (++seq % 200) / 10 }),
      }),
    },
    {
      method: "GET",
      path: `/trpc/meetings.list,themes.list,lookups.countries?batch=1&input=${encodeURIComponent("{}")}`,
    },
    { method: "GET", path: "/api/States" },
    {
      method: "GET",
      setupRequest: (req) => ({
        ...req,
        path: `/trpc/bottles.byId?input=${encodeURIComponent(json({ id: pick(club.bottleIds) }))}`,
      }),
    },
  ];
}
