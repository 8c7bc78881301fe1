export type { AppRouter } from "./api/router";
