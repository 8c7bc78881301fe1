/**
 * The web app's contract with the server: the type of the tRPC router served at /trpc, the
 * inputs and outputs of its procedures, and their names as types (ProcedurePath, QueryPath,
 * WritePath; ActivityAction for the activity log's entries): a misspelt or removed procedure
 * named anywhere in the web app is a type error. Types only: nothing of the server reaches a bundle.
 */
export type {
  ActivityAction,
  ApiPath,
  AppRouter,
  ProcedurePath,
  QueryPath,
  RouterInputs,
  RouterOutputs,
  WritePath,
} from "@club/server/router";
