import type { TRPCRouterRecord } from "@trpc/server";

export const instancesRouter = {} satisfies TRPCRouterRecord;
