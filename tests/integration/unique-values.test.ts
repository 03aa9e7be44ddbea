/**
 * Every value the app promises unique has a unique index behind its check (folded as the
 * check compares: lower() for names and e-mails, a work type's name within its workplace), and a
 * refusal by the index answers the same readable 422 as the check, naming the field.
 * - Any database: a clashing row written straight into the table is refused by the index; a twin
 *   that lands between the service's check and its insert (a trigger writes it first, as a second
 *   request would) makes the create answer the readable 422, and nothing is saved.
 * - PostgreSQL: 50 creates of one value at once make one row and 49 readable 422s, no 500.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { ean13 } from "@/lib/ean13";
import { usingPostgres } from "../helpers/db";
import { json, type Session, TEST_PASSWORD, useTestApp } from "../helpers/app";
import { createdId, expectFieldErrors } from "./support";

const t = useTestApp();

let admin: Session;
/** Rows the creates refer to: a workplace for the work types, an active VAT rate for the products. */
const refs = { workplace: 0, vat: 0 };
beforeAll(async () => {
  admin = await t.current.login({ admin: true });
  refs.workplace = await createdId(await admin.api("/api/timesheets/workplace", { method: "POST", json: { name: "Pracoviště činností" } }));
  const [vat] = await rows<{ id: number }>(sql`select id from vat_rates where active order by id limit 1`);
  refs.vat = vat!.id;
}, 60_000);

const DUPLICATE = "Tato hodnota už existuje";

interface UniqueCase {
  what: string;
  path: string;
  table: string;
  /** The column holding the value, and the unique index over it. */
  column: string;
  index: string;
  field: string;
  /** A fresh value; `n` counts up over the file. */
  value: (n: number) => string | number;
  /** A create holding `value`; `i` keeps the request's other unique fields apart. */
  body: (value: string | number, i: number) => Record<string, unknown>;
  /** The columns of a row's twin and their values from row `r`: the same value, written in upper case where the check ignores case. */
  twin: [columns: string, values: (r: string) => string];
  /** What the check says, and the index when it says less (it cannot name the row that holds the value). */
  checkSays: (value: string | number) => string | RegExp;
  indexSays?: string;
}

const CASES: UniqueCase[] = [
  { what: "workplace name", path: "/api/timesheets/workplace", table: "workplaces", column: "name", index: "workplaces_name_unique", field: "name",
    value: (n) => `Dílna ${n}`, body: (name) => ({ name }), twin: ["name", (r) => `upper(${r}.name)`], checkSays: () => DUPLICATE },
  { what: "work type name at one workplace", path: "/api/timesheets/worktype", table: "work_types", column: "name", index: "work_types_workplace_name_unique", field: "name",
    value: (n) => `Balení ${n}`, body: (name) => ({ name, workplace: refs.workplace }), twin: ["name, workplace_id", (r) => `upper(${r}.name), ${r}.workplace_id`],
    checkSays: () => "Činnost s tímto názvem na pracovišti už je" },
  { what: "promise status name", path: "/api/orders/promiseStatus", table: "promise_statuses", column: "name", index: "promise_statuses_name_unique", field: "name",
    value: (n) => `Zavolat zákazníkovi ${n}`, body: (name) => ({ name }), twin: ["name", (r) => `upper(${r}.name)`], checkSays: () => DUPLICATE },
  { what: "kiosk device name", path: "/api/settings/kioskDevices", table: "kiosk_devices", column: "name", index: "kiosk_devices_name_unique", field: "name",
    value: (n) => `Terminál ${n}`, body: (name) => ({ name }), twin: ["name", (r) => `upper(${r}.name)`], checkSays: () => DUPLICATE },
  { what: "warehouse name", path: "/api/warehouse", table: "warehouses", column: "name", index: "warehouses_name_unique", field: "name",
    value: (n) => `Sklad ${n}`, body: (name) => ({ name, expedition: false }), twin: ["name", (r) => `upper(${r}.name)`], checkSays: () => DUPLICATE },
  { what: "e-shop name", path: "/api/settings/eshop", table: "eshops", column: "name", index: "eshops_name_unique", field: "name",
    value: (n) => `Obchod ${n}`, body: (name) => ({ name, url: "https://obchod.cz" }), twin: ["name, url", (r) => `upper(${r}.name), ${r}.url`], checkSays: () => DUPLICATE },
  { what: "shipping name", path: "/api/settings/shipping", table: "shipping_types", column: "name", index: "shipping_types_name_unique", field: "name",
    value: (n) => `Doprava ${n}`, body: (name) => ({ name, price: 100, priceByDistance: false }), twin: ["name, price", (r) => `upper(${r}.name), ${r}.price`],
    checkSays: () => DUPLICATE },
  { what: "delivery van plate", path: "/api/settings/deliveryVan", table: "delivery_vans", column: "spz", index: "delivery_vans_spz_unique", field: "spz",
    value: (n) => `1AB${1000 + n}`, body: (spz, i) => ({ name: `Dodávka ${i}`, spz }), twin: ["name, spz", (r) => `${r}.name, ${r}.spz`],
    checkSays: (spz) => `Vozidlo se SPZ ${String(spz).slice(0, 3)} ${String(spz).slice(3)} už v evidenci je` },
  { what: "rack scale ExtId", path: "/api/warehouseRackScale", table: "warehouse_rack_scales", column: "ext_id", index: "warehouse_rack_scales_ext_id_unique", field: "extId",
    value: (n) => 7000 + n, body: (extId, i) => ({ name: `Regál ${i}`, extId }), twin: ["name, ext_id", (r) => `${r}.name, ${r}.ext_id`],
    checkSays: (extId) => `Váha s ExtId ${extId} už existuje` },
  { what: "user e-mail", path: "/api/settings/users", table: "users", column: "email", index: "users_email_unique", field: "email",
    value: (n) => `petr.novak${n}@ohrada.test`, body: (email) => ({ firstName: "Petr", lastName: "Novák", email, password: TEST_PASSWORD }),
    twin: ["first_name, last_name, email, password_hash", (r) => `${r}.first_name, ${r}.last_name, upper(${r}.email), ${r}.password_hash`],
    checkSays: () => "Tento e-mail už má uživatel Petr Novák", indexSays: DUPLICATE },
  { what: "user kiosk card", path: "/api/settings/users", table: "users", column: "kiosk_card_code", index: "users_kiosk_card_code_unique", field: "kioskCardCode",
    value: (n) => `KARTA-${n}`, body: (kioskCardCode, i) => ({ firstName: "Petr", lastName: "Novák", email: `karta-${kioskCardCode}-${i}@ohrada.test`, kioskCardCode, password: TEST_PASSWORD }),
    twin: ["first_name, last_name, email, password_hash, kiosk_card_code", (r) => `${r}.first_name, ${r}.last_name, 'dvojce-' || ${r}.email, ${r}.password_hash, ${r}.kiosk_card_code`],
    checkSays: () => "Tuto kartu už má uživatel Petr Novák", indexSays: DUPLICATE },
  { what: "product EAN-13", path: "/api/products", table: "products", column: "ean13", index: "products_ean13_unique", field: "ean13",
    value: (n) => ean13(`85940000${String(n).padStart(4, "0")}`), body: (code, i) => ({ name: `Brána ${i}`, vat: refs.vat, ean13: code }),
    twin: ["name, vat_id, ean13", (r) => `${r}.name, ${r}.vat_id, ${r}.ean13`], checkSays: () => /^Tento EAN-13 už má produkt „Brána \d+“ \(id \d+\)$/, indexSays: DUPLICATE },
];

let counter = 0;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.current.database.db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const exec = (text: string) => t.current.database.db.execute(sql.raw(text));

/** Rows holding `value`, compared as the check compares. */
const holding = async (c: UniqueCase, value: string | number) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(c.table)} where lower(${sql.identifier(c.column)}::text) = lower(${String(value)})`))[0]!.n;

const create = (c: UniqueCase, value: string | number, i = 0) => admin.api(c.path, { method: "POST", json: c.body(value, i) });

/** The new row's id: a create answers it, or (a kiosk device) an object holding it. */
async function createdRow(response: Response): Promise<number> {
  const answer = await json(response);
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return typeof answer.data === "number" ? answer.data : answer.data.id;
}

/** The error a statement failed with, and every message down its causes (drizzle wraps the driver's). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const texts: string[] = [];
    for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) texts.push(String(e.message));
    return texts.join(" | ");
  }
  throw new Error("the statement was not refused");
}

describe("the unique index is the guarantee", () => {
  for (const c of CASES) {
    test(`${c.what}: a twin written straight into the table is refused by ${c.index}`, async () => {
      const value = c.value(++counter);
      const id = await createdRow(await create(c, value));
      const [columns, values] = c.twin;
      const refused = await refusal(exec(`insert into ${c.table} (${columns}) select ${values("r")} from ${c.table} r where r.id = ${id}`));
      expect(refused).toContain(c.index);
      expect(await holding(c, value)).toBe(1);
    });

    test(`${c.what}: a twin that lands between the check and the insert answers the readable 422 on "${c.field}", nothing saved`, async () => {
      const value = c.value(++counter);
      const [columns, values] = c.twin;
      // As a second request would: the check saw no such row, then the twin is there first.
      await exec(`create function test_twin_first() returns trigger language plpgsql as $$
        begin
          if pg_trigger_depth() = 1 then insert into ${c.table} (${columns}) select ${values("new")}; end if;
          return new;
        end $$`);
      await exec(`create trigger test_twin_first before insert on ${c.table} for each row execute function test_twin_first()`);
      try {
        await expectFieldErrors(await create(c, value), { [c.field]: c.indexSays ?? (c.checkSays(value) as string) });
      } finally {
        await exec(`drop trigger test_twin_first on ${c.table}`);
        await exec("drop function test_twin_first()");
      }
      expect(await holding(c, value)).toBe(0);
    });
  }
});

const pgOnly = "(PostgreSQL only: PGlite is a single connection, so two requests never check at once there)";
const PARALLEL = 50;

describe("many creates of one value at once", () => {
  for (const c of CASES) {
    test.skipIf(!usingPostgres)(`${c.what}: ${PARALLEL} at once make one row and ${PARALLEL - 1} readable 422s ${pgOnly}`, async () => {
      const value = c.value(++counter);
      const responses = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => create(c, value, i)));
      const answers = await Promise.all(responses.map((response) => json(response)));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201).length, JSON.stringify(answers.filter((answer) => answer.status !== "fail"))).toBe(1);
      expect(statuses.filter((status) => status === 422).length).toBe(PARALLEL - 1);
      const says = c.checkSays(value);
      for (const answer of answers.filter((a) => a.status === "fail")) {
        const text = answer.fields[c.field] as string;
        // The check's words, or the index's when the check passed alongside another request.
        expect(text === c.indexSays || (typeof says === "string" ? text === says : says.test(text)), text).toBe(true);
        expect(Object.keys(answer.fields)).toEqual([c.field]);
        expect(answer.data).toEqual([`Pole „${c.field}“: ${text}`]);
      }
      expect(await holding(c, value)).toBe(1);
    });
  }
});
