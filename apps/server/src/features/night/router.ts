import type { TRPCRouterRecord } from "@trpc/server";
import { flightRouter } from "./flightRouter";
import { phaseRouter } from "./phaseRouter";
import { resultsRouter } from "./resultsRouter";
import { rsvpRouter } from "./rsvpRouter";
import { scoresRouter } from "./scoresRouter";
import { nightSettingsRouter } from "./settingsRouter";

/**
 * Meeting nights, the `night` namespace: RSVP, the flight, scores, blind tastings with a live
 * reveal, results. Each concern declares its procedures in a router file of its own; merged here,
 * they keep one namespace, so every procedure's name and REST path is the same.
 */
export const nightRouter = {
  ...nightSettingsRouter,
  ...rsvpRouter,
  ...flightRouter,
  ...scoresRouter,
  ...phaseRouter,
  ...resultsRouter,
} satisfies TRPCRouterRecord;
