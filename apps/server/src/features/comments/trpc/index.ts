import type { TRPCRouterRecord } from "@trpc/server";

export const commentsRouter = {} satisfies TRPCRouterRecord;
