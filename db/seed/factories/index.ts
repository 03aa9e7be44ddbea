/**
 * Factories shared by the demo seed and the tests (decision 016): one way to make each entity,
 * through its service where it has one (so its rules apply), with numbered defaults and overrides.
 * Production code may import these; tests/helpers/factories re-exports them with test conveniences.
 */
export * from "./catalogue";
export * from "./fence-item";
export * from "./fence-order";
export * from "./promises";
export * from "./sequence";
export * from "./settings";
export * from "./suppliers";
export * from "./timesheets";
export * from "./users";
export * from "./warehouse";
