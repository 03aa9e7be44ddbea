export * from "./auth";
export * from "./catalogue";
export * from "./settings";
export * from "./baskets";
export * from "./orders";
export * from "./suppliers";
export * from "./timesheets";
export * from "./warehouse";
