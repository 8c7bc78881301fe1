import type { TRPCRouterRecord } from "@trpc/server";
import addBottle from "./addBottle";
import byId from "./byId";
import create from "./create";
import list from "./list";

export const meetingsRouter = { list, byId, create, addBottle } satisfies TRPCRouterRecord;
