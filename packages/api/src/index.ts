/**
 * The web app's contract with the server: the type of the tRPC router served at /trpc, and the
 * inputs and outputs of its procedures. Types only: nothing of the server reaches a bundle.
 */
export type { AppRouter, RouterInputs, RouterOutputs } from "@club/server/router";
