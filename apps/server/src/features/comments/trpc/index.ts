import type { TRPCRouterRecord } from "@trpc/server";
import byBottle from "./byBottle";
import create from "./create";

export const commentsRouter = { byBottle, create } satisfies TRPCRouterRecord;
