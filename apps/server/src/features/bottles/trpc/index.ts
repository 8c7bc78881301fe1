import type { TRPCRouterRecord } from "@trpc/server";

export const bottlesRouter = {} satisfies TRPCRouterRecord;
