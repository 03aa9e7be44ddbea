export * from "./auth";
export * from "./catalogue";
export * from "./settings";
export * from "./baskets";
