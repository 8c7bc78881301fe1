import type { TRPCRouterRecord } from "@trpc/server";

export const lookupsRouter = {} satisfies TRPCRouterRecord;
