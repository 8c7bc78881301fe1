import type { TRPCRouterRecord } from "@trpc/server";
import create from "./create";
import finish from "./finish";

export const instancesRouter = { create, finish } satisfies TRPCRouterRecord;
