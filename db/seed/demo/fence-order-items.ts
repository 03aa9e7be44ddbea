/**
 * The demo fence orders' items tab (docs/domain.md#items-tab): what a customer of a slat fence maker orders,
 * so a new user sees priced offers at once. Every order gets
 * - fence fields of the aluminium (or steel) slat system: the full fields, often a shorter end
 *   field and sometimes a second run of another height, each with its posts, caps and footings;
 * - often a wicket (one or two wings) and a gate (cantilever, rail, one-wing or two-wing, in turn,
 *   so every type is there), with their posts, hinges, locks, trolleys, rails and drives;
 * - now and then a custom piece (a bin enclosure, a slope field);
 * - other items (removing the old fence, extra remotes, a drive's assembly), assembly items as
 *   the items tab offers them (per field, gate and wicket, priced from "Cena montáže"), shipping
 *   and sometimes a discount.
 * Sizes, colours and choices are drawn from the seeded generator, so every demo database holds the
 * same items. The tabs are written by fillEmptyItemsTabs (fence-item/items-bulk.ts), which checks
 * them by the items save's rules, has the engine price every item and makes the variants as the
 * office's saves make them.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { productCategories, products, shippingTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { parametersOfProducts } from "@/modules/catalogue/product/parameters";
import { parameterRoles } from "@/modules/catalogue/category-parameter/roles";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/schemas";
import { assemblyCounts, assemblyProducts, type AssemblyRole, creationFieldOf, engineParametersOf, type FenceParameters, parameterOrDefault, type ProductType } from "@/modules/orders";
import type { FenceOrderStatus } from "@/modules/orders/fence-order/schemas";
import { SLAT_HEIGHTS, type SlatHeight } from "../factories/fence-item";
import { capName, DEMO_FOOTINGS, DEMO_STEEL_FENCE_NAME, DEMO_SYSTEM_COLOURS, madeToMeasureName, type PostProfile, postName, ralOf, type SystemColour } from "./catalogue";

// ---- what the items refer to ------------------------------------------------------------------------

interface MadeToMeasure {
  id: number;
  m2Price: number;
  invoiceName: string | null;
  engine: FenceParameters;
  /** Values of the creation parameters no item field gives ("Počet křídel"): the product's own. */
  parameters: { id: number; value: string }[];
}

interface Line {
  id: number;
  categoryId: number | null;
  unitPrice: number;
  invoiceName: string | null;
}

export interface DemoItemsCatalogue {
  madeToMeasure: (type: ProductType, slat: SlatHeight) => MadeToMeasure | undefined;
  /** A made-to-measure product by its id. */
  madeById: (id: number) => MadeToMeasure | undefined;
  steelFence: MadeToMeasure | undefined;
  /** A product by its demo name (sub-products, other items). */
  line: (name: string) => Line | undefined;
  assembly: Map<AssemblyRole, Line>;
  attention: Line | undefined;
  shipping: (name: string) => number | undefined;
}

/** Names of the demo catalogue's products the items use besides the system's own (posts, caps: by colour). */
const PART_NAMES = {
  trolley400: "Vozík pro samonosnou bránu do 400 kg",
  trolley800: "Vozík pro samonosnou bránu do 800 kg",
  endStop: "Koncový doraz samonosné brány",
  topGuide: "Horní vedení s kladkami",
  rail: "Kolejnice pro posuvnou bránu, pozink, 3 m",
  wheel: "Kolečko s drážkou 80 mm pro posuvnou bránu",
  rack: "Ozubený hřeben pozinkovaný 1 m",
  cantileverDrive: "Pohon samonosné brány 24 V do 800 kg, s akumulátorem",
  slidingDrive: "Pohon posuvné brány 24 V do 600 kg",
  swingDrive: "Pohon křídlové brány 24 V, sada pro 2 křídla do 250 kg",
  swingDriveHeavy: "Pohon křídlové brány 230 V, sada pro 2 křídla do 400 kg",
  photocells: "Fotobuňky bezdrátové, pár",
  remote: "Dálkový ovladač 4kanálový 433 MHz",
  hingeM16: "Pant přivařovací nastavitelný M16",
  hingeM20: "Pant přivařovací nastavitelný M20",
  selfClosingHinge: "Pant samozavírací pro branky",
  lock: "Zámek zadlabací pro branky 40/92 mm",
  electricLock: "Elektrický zámek 12 V pro branky",
  slidingLock: "Zámek pro posuvnou bránu s hákem",
  cylinder: "Cylindrická vložka 30+35 mm, 5 klíčů",
  handleSteel: "Kování klika–klika nerez",
  handleKnob: "Kování klika–koule černé",
  dropRod: "Zástrč podlahová pro křídlovou bránu",
  latch: "Západka brány s dorazem",
  removal: "Demontáž starého plotu – za běžný metr",
  waste: "Odvoz a likvidace odpadu – za m³",
  driveAssembly: "Montáž pohonu brány",
  gateFoundation: "Betonový základ samonosné brány",
  footingWork: "Výkop a betonáž patky sloupku",
  adjustment: "Seřízení brány a pohonu",
} as const;

const FOOTING = DEMO_FOOTINGS[0]![0];
const GATE_FOOTING = DEMO_FOOTINGS[3]![0];

/** Reads what the demo items refer to, in five statements; undefined entries where the catalogue is not the demo's. */
export async function readDemoItemsCatalogue(ctx: Ctx): Promise<DemoItemsCatalogue> {
  const systemTypes: ProductType[] = ["FENCE", "GATE", "RAIL_GATE", "ONE_WING_GATE", "TWO_WING_GATE", "WICKET", "TWO_WING_WICKET"];
  const madeNames = [...SLAT_HEIGHTS.flatMap((slat) => systemTypes.map((type) => madeToMeasureName(type, slat))), madeToMeasureName("CUSTOM", 100), DEMO_STEEL_FENCE_NAME];
  const partNames = [
    ...Object.values(PART_NAMES),
    FOOTING,
    GATE_FOOTING,
    ...DEMO_SYSTEM_COLOURS.flatMap((colour) => [
      ...POST_CHOICES.map(([profile, length]) => postName(profile, length, colour)),
      ...(["60×60", "80×80", "100×100"] as PostProfile[]).map((profile) => capName(profile, colour)),
    ]),
  ];
  const [rows, assembly, attention, shipping] = await Promise.all([
    ctx.db
      .select({ id: products.id, name: products.name, invoiceName: products.invoiceName, unitPrice: products.unitPrice, m2Price: products.m2Price, categoryId: productCategories.categoryId })
      .from(products)
      .leftJoin(productCategories, eq(productCategories.productId, products.id))
      .where(and(inArray(products.name, [...madeNames, ...partNames]), isNull(products.systemRole), isNull(products.baseProductId))),
    assemblyProducts(ctx),
    ctx.db.select({ id: products.id, unitPrice: products.unitPrice, invoiceName: products.invoiceName }).from(products).where(eq(products.systemRole, "ATTENTION")),
    ctx.db.select({ id: shippingTypes.id, name: shippingTypes.name }).from(shippingTypes),
  ]);
  // A product filed in several categories comes once, with its first category.
  const byName = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byName.has(row.name) || (row.categoryId ?? Infinity) < (byName.get(row.name)!.categoryId ?? Infinity)) byName.set(row.name, row);

  const made = madeNames.flatMap((name) => (byName.get(name)?.m2Price ? [byName.get(name)!] : []));
  const [parameters, roles] = await Promise.all([parametersOfProducts({ ctx, input: { ids: made.map((row) => row.id) } }), parameterRoles({ ctx })]);
  const madeByName = new Map<string, MadeToMeasure>(
    made.map((row) => {
      const list = parameters.get(row.id) ?? [];
      return [
        row.name,
        {
          id: row.id,
          m2Price: Number(row.m2Price),
          invoiceName: row.invoiceName,
          engine: engineParametersOf(list, roles),
          parameters: list.filter((parameter) => parameter.creationParameter && creationFieldOf(parameter.name) === null && parameter.value).map((parameter) => ({ id: parameter.id, value: parameter.value! })),
        },
      ];
    }),
  );
  const lineOf = (row: { id: number; unitPrice: string | null; invoiceName: string | null; categoryId?: number | null } | undefined): Line | undefined =>
    row?.unitPrice == null ? undefined : { id: row.id, categoryId: row.categoryId ?? null, unitPrice: Number(row.unitPrice), invoiceName: row.invoiceName };
  const madeById = new Map([...madeByName.values()].map((product) => [product.id, product]));
  return {
    madeToMeasure: (type, slat) => madeByName.get(madeToMeasureName(type, slat)),
    madeById: (id) => madeById.get(id),
    steelFence: madeByName.get(DEMO_STEEL_FENCE_NAME),
    line: (name) => lineOf(byName.get(name)),
    assembly: new Map(
      assembly.flatMap((row) => {
        const line = lineOf({ id: row.id, unitPrice: row.unitPrice, invoiceName: row.name });
        return line ? [[row.systemRole as AssemblyRole, line] as const] : [];
      }),
    ),
    attention: lineOf(attention[0] ? { ...attention[0], unitPrice: attention[0].unitPrice ?? "0" } : undefined),
    shipping: (name) => shipping.find((row) => row.name === name)?.id,
  };
}

/** Posts of the system by profile and length (what POST_LENGTHS makes in the catalogue). */
const POST_CHOICES: [PostProfile, number][] = [
  ["60×60", 2000],
  ["60×60", 2500],
  ["60×60", 3000],
  ["80×80", 2500],
  ["100×100", 3000],
];

// ---- one order's tab ---------------------------------------------------------------------------------

type Row = Record<string, unknown>;

export interface DemoTabCounters {
  /** Orders that got a gate so far: the gate types take turns, so each appears. */
  gates: number;
}

const GATE_TYPES: ProductType[] = ["GATE", "ONE_WING_GATE", "TWO_WING_GATE", "RAIL_GATE"];
const HEIGHTS = [1200, 1500, 1500, 1600, 1800, 1800, 1800, 2000];
/** The colours as often as customers choose them: anthracite most. */
const COLOUR_CHOICES: SystemColour[] = ["7016", "7016", "7016", "7016", "7016", "9005", "9005", "8017", "8017", "9006", "9006", "6005"];
const OPENING_TYPES = ["RIGHT_TO_YARD", "LEFT_TO_YARD", "RIGHT_TO_YARD", "LEFT_TO_YARD", "RIGHT_TO_STREET", "LEFT_TO_STREET"];
const DISCOUNTS = ["Sleva", "Sleva za odběr nad 50 000 Kč", "Věrnostní sleva", "Sleva za rychlé potvrzení objednávky"];
const CUSTOM_PIECES = ["Zástěna na popelnice Lamela", "Šikmé pole do svahu Lamela", "Kryt tepelného čerpadla Lamela", "Pohledová zástěna terasy Lamela"];
const ATTENTION_TEXTS = ["Úprava terénu – upřesnit při zaměření", "Přeložení kabelu – upřesnit s elektrikářem"];

/** The shortest post that stands its field and still goes 60 cm into the footing. */
const fencePostLength = (height: number) => ([2000, 2500, 3000] as const).find((length) => length >= height + 600) ?? 3000;

/**
 * The values `editItems` takes for one demo order (the names of docs/domain.md#items-tab): its fence items with their
 * sub-products, other and assembly items, shipping and a discount. `random` is the seeded
 * generator of the items; `counters` carries the gate types' turn from order to order.
 */
export function demoOrderTab(random: () => number, catalogue: DemoItemsCatalogue, order: { status: FenceOrderStatus }, counters: DemoTabCounters): Row {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const chance = (p: number) => random() < p;

  const slat = pick([80, 100, 100, 120] as const);
  const colour = pick(COLOUR_CHOICES);
  const ral = ralOf(colour);
  const height = pick(HEIGHTS);
  const spacerHeight = pick([10, 15, 20, 20, 25]);
  const distancingType = chance(0.8) ? "PRINT_3D" : "SCREWS";
  const slats = { spacerHeight, distancingType };

  const items: Row[] = [];
  const others: Row[] = [];
  let drives = 0;
  let tmp = 0;
  const tmpId = (prefix: string) => `demo-${prefix}-${++tmp}`;
  const sub = (name: string, amount: number): Row[] => {
    const line = catalogue.line(name);
    return line && amount > 0
      ? [{ tmpId: tmpId("sub"), productCategory: line.categoryId ?? undefined, product: line.id, amount, unitPrice: line.unitPrice, invoiceName: line.invoiceName ?? undefined }]
      : [];
  };
  const other = (list: Row[], name: string, amount: number, unitPrice?: number) => {
    const line = catalogue.line(name);
    if (line && amount > 0) list.push({ tmpId: tmpId("other"), product: line.id, amount, unitPrice: unitPrice ?? line.unitPrice, invoiceName: line.invoiceName ?? undefined });
  };
  /** An item of `type` on `product` at its m² price, in the order's colour and spacing; `values` are its type's fields. */
  const item = (type: ProductType, product: MadeToMeasure, values: Row, subProducts: Row[]): Row => ({
    tmpId: tmpId("item"),
    productType: type,
    product: product.id,
    color: ral,
    amount: 1,
    m2price: product.m2Price,
    invoiceName: product.invoiceName ?? undefined,
    ...(type === "CUSTOM" ? {} : slats),
    ...values,
    parameters: product.parameters,
    subProducts,
  });
  const posts = (profile: PostProfile, length: number, count: number): Row[] => [
    ...sub(postName(profile, length, colour), count),
    ...sub(capName(profile, colour), count),
    ...sub(FOOTING, count),
  ];
  const hingeChoice = () => {
    const hingeType = chance(0.7) ? "BEARING" : "ARTICULATED";
    return { hingeType, hingeKey: hingeType === "BEARING" ? "hingeBearing" : "hingeArticulated" } as const;
  };
  const handles = () => ({ doorHandleHeight: pick([1000, 1000, 1050, 1100]), doorHandleInner: "HANDLE", doorHandleOuter: pick(["HANDLE", "KNOB", "KNOB"]) });
  const lockParts = (electric: boolean, handle: string): Row[] => [
    ...sub(electric ? PART_NAMES.electricLock : PART_NAMES.lock, 1),
    ...sub(PART_NAMES.cylinder, 1),
    ...sub(handle === "KNOB" ? PART_NAMES.handleKnob : PART_NAMES.handleSteel, 1),
  ];

  // What the customer orders: a fence alone, with a wicket, with a wicket and a gate, a gate alone, or a custom piece.
  const kind = pick(["fence", "fence", "fence+wicket", "fence+wicket", "fence+wicket", "fence+wicket+gate", "fence+wicket+gate", "fence+wicket+gate", "gate", "fence+custom"] as const);
  const fenceProduct = chance(0.1) && catalogue.steelFence ? catalogue.steelFence : catalogue.madeToMeasure("FENCE", slat);
  let fenceMetres = 0;

  if (kind !== "gate" && fenceProduct) {
    const ground = pick([0, 50, 50, 80, 100]);
    const run = (runHeight: number, fields: number, remainder: number | null) => {
      const postLength = fencePostLength(runHeight);
      items.push(item("FENCE", fenceProduct, { height: runHeight, length: 2500, amount: fields, distanceFromGround: ground }, posts("60×60", postLength, fields + 1)));
      fenceMetres += fields * 2.5;
      if (remainder !== null) {
        items.push(item("FENCE", fenceProduct, { height: runHeight, length: remainder, amount: 1, distanceFromGround: ground }, posts("60×60", postLength, 1)));
        fenceMetres += remainder / 1000;
      }
    };
    run(height, between(3, 12), chance(0.65) ? between(16, 48) * 50 : null);
    // A second run: a lower street front or a higher side towards the neighbour.
    if (chance(0.25)) run(pick(HEIGHTS.filter((other) => other !== height)), between(2, 6), chance(0.4) ? between(16, 48) * 50 : null);
  }

  if (kind === "fence+wicket" || kind === "fence+wicket+gate") {
    const twoWing = chance(0.2);
    const type: ProductType = twoWing ? "TWO_WING_WICKET" : "WICKET";
    const product = catalogue.madeToMeasure(type, slat);
    if (product) {
      const { hingeType, hingeKey } = hingeChoice();
      const electric = chance(0.25);
      const handle = handles();
      const wicketHeight = Math.min(height, 1800);
      const length = twoWing ? between(8, 11) * 200 : between(10, 13) * 100;
      const wings = twoWing ? { wicketPartWidth: length / 2, solidPartWidth: length / 2, wingRelation: chance(0.8) ? "SAME_DIRECTION" : "CROSS", gateDropRod: true, gateDropRodLength: 300 } : {};
      items.push(
        item(
          type,
          product,
          {
            height: wicketHeight,
            length,
            distanceFromGround: 50,
            hingeType,
            hingeWidth: parameterOrDefault(product.engine, hingeKey),
            openingType: pick(OPENING_TYPES),
            lockType: electric ? "ELECTRIC" : "NORMAL",
            lockInner: !electric,
            lockOuter: true,
            ...handle,
            ...wings,
          },
          [
            ...posts("60×60", fencePostLength(wicketHeight), 2),
            ...sub(twoWing ? PART_NAMES.hingeM16 : chance(0.3) ? PART_NAMES.selfClosingHinge : PART_NAMES.hingeM16, twoWing ? 4 : 2),
            ...lockParts(electric, handle.doorHandleOuter),
            ...(twoWing ? sub(PART_NAMES.dropRod, 1) : []),
          ],
        ),
      );
    }
  }

  if (kind === "gate" || kind === "fence+wicket+gate") {
    const type = GATE_TYPES[counters.gates++ % GATE_TYPES.length]!;
    const product = catalogue.madeToMeasure(type, slat);
    if (product) {
      const driven = chance(0.65);
      const parts: Row[] = [];
      let values: Row;
      if (type === "GATE" || type === "RAIL_GATE") {
        // Sliding: the leaf closes the opening (a rail gate reaches 15 cm past it over the drive), in fields of at most 2.6 m.
        const openingSize = between(30, 50) * 100;
        const length = type === "GATE" ? openingSize + 100 : openingSize + 150 + pick([0, 50, 100]);
        const lockType = driven ? pick(["NONE", "ELECTRIC"]) : "NORMAL";
        const mount = driven
          ? { driveMountSize: parameterOrDefault(product.engine, "driveMountSize") ?? 0, driveMountPosition: parameterOrDefault(product.engine, "driveMountPosition") ?? 0 }
          : { driveMountSize: 0, driveMountPosition: 0 };
        values = { height, length, openingSize, fieldCount: Math.ceil(length / 2600), lockType, hookLock: lockType === "NORMAL", ...mount };
        if (type === "GATE") {
          const totalGateLength = Math.round((length * 1.45) / 10) * 10;
          Object.assign(values, { totalGateLength, distanceFromGround: 60 });
          parts.push(...sub(length > 4000 ? PART_NAMES.trolley800 : PART_NAMES.trolley400, 2), ...sub(PART_NAMES.endStop, 1), ...sub(PART_NAMES.topGuide, 1), ...sub(GATE_FOOTING, 1));
          if (driven) parts.push(...sub(PART_NAMES.cantileverDrive, 1), ...sub(PART_NAMES.rack, Math.ceil(totalGateLength / 1000)));
          other(others, PART_NAMES.gateFoundation, 1);
        } else {
          Object.assign(values, { wheelsType: pick(["WT_80MM", "WT_80MM", "WT_100MM", "WT_60MM"]), distanceFromGround: 10 });
          parts.push(...sub(PART_NAMES.rail, Math.ceil((2 * length) / 3000)), ...sub(PART_NAMES.wheel, 2));
          if (driven) parts.push(...sub(PART_NAMES.slidingDrive, 1), ...sub(PART_NAMES.rack, Math.ceil(length / 1000)));
        }
        if (lockType === "NORMAL") parts.push(...sub(PART_NAMES.slidingLock, 1));
      } else {
        // Swing: measured over its own posts, opened by hand (a lock and handles) or by a drive.
        const twoWing = type === "TWO_WING_GATE";
        const { hingeType, hingeKey } = hingeChoice();
        const length = twoWing ? between(15, 22) * 200 : between(25, 35) * 100;
        const opening = driven ? { gateOpeningType: "DRIVE", lockType: "NONE" } : { gateOpeningType: "HINGES", lockType: "NORMAL", ...handles() };
        // A leaf over 2.6 m of filling is divided into two fields.
        const fieldCount = !twoWing && length > 2800 ? 2 : 1;
        values = { height, length, distanceFromGround: 50, hingeType, hingeWidth: parameterOrDefault(product.engine, hingeKey), fieldCount, ...opening };
        if (twoWing) {
          // Equal wings, or a wicket-sized everyday wing beside a wider one.
          const wicketPart = chance(0.7) ? length / 2 : between(10, 13) * 100;
          Object.assign(values, { wicketPartWidth: wicketPart, solidPartWidth: length - wicketPart, gateDropRod: true, gateDropRodLength: 400 });
          Object.assign(values, driven ? { driveOpening: pick(["YARD", "YARD", "YARD", "STREET"]) } : { openingType: pick(OPENING_TYPES), wingRelation: "SAME_DIRECTION" });
          parts.push(...posts("100×100", 3000, 2), ...sub(PART_NAMES.hingeM20, 4), ...sub(PART_NAMES.dropRod, 1));
        } else {
          Object.assign(values, { openingType: pick(OPENING_TYPES) });
          parts.push(...posts("80×80", 2500, 2), ...sub(PART_NAMES.hingeM20, 2), ...sub(PART_NAMES.latch, 1));
        }
        if (driven) parts.push(...sub(twoWing && length > 3600 ? PART_NAMES.swingDriveHeavy : PART_NAMES.swingDrive, 1));
        else parts.push(...lockParts(false, String((values as { doorHandleOuter?: string }).doorHandleOuter)));
      }
      if (driven) {
        parts.push(...sub(PART_NAMES.photocells, 1));
        other(others, PART_NAMES.remote, between(0, 2));
        drives++;
      }
      items.push(item(type, product, values, parts));
    }
  }

  if (kind === "fence+custom") {
    const product = catalogue.madeToMeasure("CUSTOM", 100);
    if (product) {
      items.push(item("CUSTOM", product, { height: pick([1000, 1200, 1300, 1500]), length: between(12, 30) * 100, amount: 1, invoiceName: pick(CUSTOM_PIECES), distanceFromGround: 50 }, []));
    }
  }

  // Other items: the old fence out, the odd thing to settle, a custom line of the office's own.
  if (fenceMetres > 0 && chance(0.3)) {
    other(others, PART_NAMES.removal, Math.ceil(fenceMetres));
    if (chance(0.5)) other(others, PART_NAMES.waste, between(1, 3));
  }
  if (order.status === "PRICE_OFFER" && catalogue.attention && chance(0.1)) {
    others.push({ tmpId: tmpId("other"), product: catalogue.attention.id, amount: 1, unitPrice: pick([1500, 2500, 3500]), invoiceName: pick(ATTENTION_TEXTS) });
  }
  if (chance(0.05)) {
    others.push({ tmpId: tmpId("other"), product: VIRTUAL_CUSTOM_PRODUCT_ID, amount: 1, unitPrice: pick([1200, 1800, 2400]), invoiceName: "Vyřezání náletových dřevin podél plotu", storable: false });
  }

  // Assembly as the items tab offers it (per field, gate and wicket, at the products' "Cena montáže"), plus the footings dug.
  const assembled = chance(0.85);
  const assemblyItems: Row[] = [];
  if (assembled) {
    const counts = assemblyCounts(
      items.map((row) => {
        const made = catalogue.madeById(row.product as number);
        return { productType: row.productType as ProductType, amount: row.amount as number, assemblyPrice: made ? parameterOrDefault(made.engine, "assemblyPrice") : null };
      }),
    );
    for (const count of counts) {
      const product = catalogue.assembly.get(count.role);
      if (product) assemblyItems.push({ tmpId: tmpId("assembly"), product: product.id, amount: count.amount, unitPrice: count.unitPrice ?? product.unitPrice, invoiceName: product.invoiceName ?? undefined });
    }
    // Each footing is dug and concreted, each drive mounted and set.
    const footing = catalogue.line(FOOTING)?.id;
    const footings = items.flatMap((row) => row.subProducts as Row[]).reduce((sum, line) => sum + (line.product === footing ? (line.amount as number) : 0), 0);
    other(assemblyItems, PART_NAMES.footingWork, footings);
    other(assemblyItems, PART_NAMES.driveAssembly, drives);
    if (drives && chance(0.5)) other(assemblyItems, PART_NAMES.adjustment, 1);
  }

  // Shipping: the crew's own van by the km with the assembly, else a pallet by carrier or picked up.
  const shipping: Row = {};
  const own = catalogue.shipping("Doprava vlastním vozem");
  const pallet = catalogue.shipping("Dopravce – paleta");
  const pickup = catalogue.shipping("Osobní odběr");
  if (assembled && own !== undefined) Object.assign(shipping, { shippingType: own, shippingDistance: between(4, 95) });
  else if (!assembled && chance(0.6) && pallet !== undefined) Object.assign(shipping, { shippingType: pallet });
  else if (!assembled && pickup !== undefined) Object.assign(shipping, { shippingType: pickup });

  // A discount now and then: a round few per cent of the fence items.
  const fenceItemsKc = items.reduce((sum, row) => sum + ((row.m2price as number) * (row.height as number) * (row.length as number) * (row.amount as number)) / 1_000_000, 0);
  const discount: Row = {};
  if (fenceItemsKc > 20_000 && chance(0.2)) {
    const amount = Math.max(500, Math.round((fenceItemsKc * pick([0.03, 0.05, 0.07])) / 100) * 100);
    Object.assign(discount, { discountDescription: pick(DISCOUNTS), discountAmount: amount });
  }

  return { items, otherItems: others, assemblyItems, ...shipping, ...discount };
}
