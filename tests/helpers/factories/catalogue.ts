/** The catalogue factories (db/seed/factories, shared with the demo seed and the bench). */
export * from "@db/seed/factories/catalogue";
