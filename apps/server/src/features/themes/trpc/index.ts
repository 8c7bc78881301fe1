import type { TRPCRouterRecord } from "@trpc/server";

export const themesRouter = {} satisfies TRPCRouterRecord;
