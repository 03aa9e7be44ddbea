/** The fence order factories (db/seed/factories, shared with the demo seed). */
export * from "@db/seed/factories/fence-order";
