import type {
  AnyProcedure,
  inferRouterInputs,
  inferRouterOutputs,
  TRPCRouterRecord as RouterRecord,
} from "@trpc/server";
import { ACTIVITY_ONLY_ACTIONS, type ActivityOnlyAction, type PROCEDURE_ACTIONS } from "../kernel/actions";
import type { ApiRouter, AppRouter } from "./router";

/** What packages/api re-exports for the web app: the /trpc router's type, its inputs and outputs. */
export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

type ProcedureType = AnyProcedure["_def"]["type"];

/** The dotted paths ("bottles.byId") of a router record's procedures of the given types. */
type PathsOf<R extends RouterRecord, T extends ProcedureType, P extends string = ""> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? R[K]["_def"]["type"] extends T
      ? `${P}${K}`
      : never
    : R[K] extends RouterRecord
      ? PathsOf<R[K], T, `${P}${K}.`>
      : never;
}[keyof R & string];

/** Every procedure served at /trpc: what the web app may call by name. */
export type ProcedurePath = PathsOf<AppRouter["_def"]["record"], ProcedureType>;
/** The reads served at /trpc (queries). */
export type QueryPath = PathsOf<AppRouter["_def"]["record"], "query">;
/** The writes served at /trpc (mutations). */
export type WritePath = PathsOf<AppRouter["_def"]["record"], "mutation">;
/** Every procedure of the API, the REST-only session calls (auth, sso) included. */
export type ApiPath = PathsOf<ApiRouter["_def"]["record"], ProcedureType>;
/** Every mutation of the API, the REST-only session calls included. */
export type ApiWritePath = PathsOf<ApiRouter["_def"]["record"], "mutation">;

export { ACTIVITY_ONLY_ACTIONS };

/** What an activity entry's `action` can be: the procedure that made the change, or one of the above. */
export type ActivityAction = ApiWritePath | ActivityOnlyAction;

/** Compiles only when `T` is a `U`. */
type Is<T extends U, U> = T;
/** Every write a feature names by itself (kernel/actions.ts) is a write of the router. */
export type ProcedureActionsChecked = Is<(typeof PROCEDURE_ACTIONS)[number], ApiWritePath>;

/** The admin command line's commands that record an entry ("approve" records "admin.approve"). */
export type AdminCommand = ActivityAction extends infer A
  ? A extends `admin.${infer C}`
    ? C
    : never
  : never;
