export * from "./bottles";
export * from "./lookups";
export * from "./meetings";
export * from "./members";
export * from "./activity";
export * from "./club";
export * from "./identity";
export * from "./wishlist";
