export * from "./client";
export * from "./migrate";
export * from "./schema";
export * from "./seed";
export * from "./queries/members";
