import type { TRPCRouterRecord } from "@trpc/server";

export const meetingsRouter = {} satisfies TRPCRouterRecord;
