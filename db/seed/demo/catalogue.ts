/**
 * Demo catalogue of a Czech fence maker: 56 categories up to three levels deep
 * (fences, gates, wickets, accessories, assembly), 36 category parameters with units, and about
 * 390 products with invoice names, EAN-13 codes (859… prefix), weights, prices, parameter values,
 * a few English translations and, when e-shops exist, a few e-shop prices.
 *
 * What the company makes (what the demo orders' items use, fence-order-items.ts): an aluminium slat system ("Lamela") in slat heights
 * 80, 100 and 120 mm, one made-to-measure product of every product type (fence field, cantilever,
 * rail, one-wing and two-wing gate, one-wing and two-wing wicket) per slat height, a steel fence
 * field and a custom piece. Their categories bring the fence engine's parameters of their type
 * (FENCE_PARAMETERS, with units: slat height, bars, U and C profiles, posts, hinges, wheels, drive
 * mount, weight per metre, "Cena montáže"), and height, width and colour (RAL, appended to the
 * name) as creation parameters, so the items tab prices them and makes a variant per size and
 * colour. The posts, caps and concrete footings they are sold with are sub-product categories.
 * The values come from the shared factories (db/seed/factories/fence-item.ts), as the tests' do.
 *
 * The assembly products and the attention product come from the reference seed (found by
 * `system_role`); this files the assembly ones under Montáž and prices them where they have no
 * price yet. Everything is derived from a seeded generator, so every demo database holds the same
 * catalogue, and written with one insert per table. Runs only while there are no categories and
 * no products besides the system ones, so a second run changes nothing.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import {
  categories,
  categoryEditorRoles,
  categoryParameterCategories,
  categoryParameters,
  eshops,
  productCategories,
  productEshopPrices,
  productParameterValues,
  products,
  productTranslations,
  vatRates,
} from "@db/schema";
import { type Ctx, withTransaction } from "@/lib/context";
import type { ParameterUnit } from "@/modules/catalogue/category-parameter/schemas";
import type { SystemRole } from "@/modules/catalogue/product/schemas";
import { engineParameterIds, seedEngineParameters } from "@/modules/catalogue/category-parameter/roles";
import { FENCE_PARAMETERS, type FenceParameterKey, PRODUCT_TYPES, type ProductType } from "@/modules/orders";
import { ean13 } from "@/lib/ean13";
import {
  FENCE_PARAMETER_KEYS_BY_TYPE,
  fenceCategoryParameter,
  fenceItemOfType,
  fenceProductParameters,
  type FenceProductParameters,
  SLAT_HEIGHTS,
  type SlatHeight,
} from "../factories/fence-item";
import { seededRandom } from "./random";

// ---- categories -----------------------------------------------------------------------------

interface CategorySpec {
  key: string;
  name: string;
  children?: CategorySpec[];
}

const leaf = (key: string, name: string): CategorySpec => ({ key, name });

export const DEMO_CATEGORY_TREE: CategorySpec[] = [
  {
    key: "ploty",
    name: "Ploty",
    children: [
      { key: "pletivo", name: "Poplastované pletivo", children: [leaf("pletivo-6005", "Pletivo zelené RAL 6005"), leaf("pletivo-7016", "Pletivo antracit RAL 7016")] },
      {
        key: "panely",
        name: "Svařované panely 3D",
        children: [leaf("panely-6005", "Panely 3D zelené RAL 6005"), leaf("panely-7016", "Panely 3D antracit RAL 7016"), leaf("panely-zn", "Panely 3D pozinkované")],
      },
      { key: "dilce", name: "Plotové dílce dřevěné/WPC", children: [leaf("dilce-drevo", "Dřevěné plotové dílce"), leaf("dilce-wpc", "WPC plotové dílce")] },
      { key: "beton", name: "Betonové ploty", children: [leaf("beton-desky", "Betonové desky"), leaf("beton-sloupky", "Betonové sloupky")] },
      { key: "plotovky", name: "Plotovky a lamely", children: [leaf("plotovky-kov", "Kovové plotovky"), leaf("lamely", "Hliníkové lamely")] },
      { key: "lamelove", name: "Lamelové ploty na míru", children: [leaf("lamelove-hlinik", "Hliníková plotová pole Lamela"), leaf("lamelove-ocel", "Ocelová plotová pole")] },
      leaf("atypicke", "Atypické výrobky na míru"),
    ],
  },
  {
    key: "brany",
    name: "Brány",
    children: [
      leaf("brany-kridlove", "Křídlové brány"),
      leaf("brany-posuvne", "Posuvné brány"),
      leaf("brany-samonosne", "Samonosné brány"),
      {
        key: "brany-lamela",
        name: "Lamelové brány na míru",
        children: [
          leaf("brany-lamela-samonosne", "Samonosné brány Lamela"),
          leaf("brany-lamela-kolejnicove", "Posuvné brány Lamela na kolejnici"),
          leaf("brany-lamela-jednokridle", "Jednokřídlé brány Lamela"),
          leaf("brany-lamela-dvoukridle", "Dvoukřídlé brány Lamela"),
        ],
      },
    ],
  },
  {
    key: "branky",
    name: "Branky",
    children: [
      leaf("branky-pletivo", "Branky k pletivu"),
      leaf("branky-panel", "Branky s výplní 3D panelu"),
      leaf("branky-plotovky", "Branky s plotovkami"),
      { key: "branky-lamela", name: "Lamelové branky na míru", children: [leaf("branky-lamela-jednokridle", "Jednokřídlé branky Lamela"), leaf("branky-lamela-dvoukridle", "Dvoukřídlé branky Lamela")] },
    ],
  },
  {
    key: "prislusenstvi",
    name: "Příslušenství",
    children: [
      { key: "sloupky", name: "Sloupky", children: [leaf("sloupky-kulate", "Kulaté sloupky"), leaf("sloupky-jekl", "Jeklové sloupky"), leaf("sloupky-hlinik", "Hliníkové sloupky")] },
      leaf("krytky", "Krytky sloupků"),
      leaf("patky", "Betonové patky a základy"),
      leaf("vzpery", "Vzpěry"),
      leaf("drat", "Napínací dráty"),
      leaf("uchyty", "Úchyty a spojky"),
      leaf("kotvy", "Kotvy a patky"),
      leaf("zamky", "Zámky a kování"),
      leaf("pohony", "Pohony bran"),
      leaf("panty", "Panty"),
      leaf("voziky", "Vozíky a kolejnice"),
    ],
  },
  {
    key: "montaz",
    name: "Montáž",
    children: [leaf("montaz-ploty", "Montáž plotů"), leaf("montaz-brany", "Montáž bran a branek"), leaf("montaz-prace", "Zemní a doplňkové práce")],
  },
];

/** Where the reference seed's assembly products are filed. */
const SYSTEM_PRODUCT_CATEGORIES: Partial<Record<SystemRole, string>> = {
  ASSEMBLY_FENCE: "montaz-ploty",
  ASSEMBLY_GATE: "montaz-brany",
  ASSEMBLY_WICKET: "montaz-brany",
};

/**
 * The assembly products' own prices (Kč without VAT, one field, gate or wicket), given where the
 * reference seed left them unpriced: what the items tab offers when a product has no "Cena montáže".
 */
export const DEMO_ASSEMBLY_PRICES: Partial<Record<SystemRole, number>> = {
  ASSEMBLY_FENCE: 650,
  ASSEMBLY_GATE: 4900,
  ASSEMBLY_WICKET: 1500,
};

/** Where the made-to-measure products of each type are filed: the category brings that type's engine parameters. */
export const DEMO_MADE_TO_MEASURE_CATEGORIES: Record<ProductType, string> = {
  FENCE: "lamelove-hlinik",
  GATE: "brany-lamela-samonosne",
  RAIL_GATE: "brany-lamela-kolejnicove",
  ONE_WING_GATE: "brany-lamela-jednokridle",
  TWO_WING_GATE: "brany-lamela-dvoukridle",
  WICKET: "branky-lamela-jednokridle",
  TWO_WING_WICKET: "branky-lamela-dvoukridle",
  CUSTOM: "atypicke",
};
/** The items editor's categories by role (docs/domain.md#editor-categories), by the demo tree's keys. */
export const DEMO_EDITOR_CATEGORIES = {
  FENCE: ["lamelove", "brany-lamela", "branky-lamela", "atypicke"],
  OTHER: ["pletivo", "panely", "dilce", "beton", "plotovky", "brany-kridlove", "brany-posuvne", "brany-samonosne", "branky-pletivo", "branky-panel", "branky-plotovky", "prislusenstvi"],
  ASSEMBLY: ["montaz"],
} as const;

/** The steel fence fields read what an aluminium one does. */
const STEEL_FENCE_CATEGORY = "lamelove-ocel";

/** Where each engine parameter hangs: the made-to-measure categories of the types that read it. */
const categoriesReading = (key: string): string[] => [
  ...PRODUCT_TYPES.filter((type) => (FENCE_PARAMETER_KEYS_BY_TYPE[type] as readonly string[]).includes(key)).map((type) => DEMO_MADE_TO_MEASURE_CATEGORIES[type]),
  ...((FENCE_PARAMETER_KEYS_BY_TYPE.FENCE as readonly string[]).includes(key) ? [STEEL_FENCE_CATEGORY] : []),
];

// ---- category parameters ----------------------------------------------------------------------

interface ParameterSpec {
  key: string;
  name: string;
  unit: ParameterUnit;
  required?: boolean;
  defaultValue?: string;
  creationParameter?: boolean;
  titleAppending?: boolean;
  /** Category keys; the parameter also applies to everything below them. */
  categories: string[];
  /** An engine parameter: the reference seed's row with this role is attached, not a copy made. */
  role?: FenceParameterKey;
}

export const DEMO_PARAMETERS: ParameterSpec[] = [
  {
    key: "vyska",
    name: "Výška",
    unit: "mm",
    required: true,
    creationParameter: true,
    categories: ["pletivo", "panely", "dilce", "beton", "plotovky-kov", "lamelove", "atypicke", "brany", "branky"],
  },
  { key: "sirka", name: "Šířka", unit: "mm", required: true, creationParameter: true, categories: ["panely", "dilce", "beton-desky", "lamelove", "atypicke", "brany", "branky"] },
  { key: "drat", name: "Průměr drátu", unit: "mm", defaultValue: "4", categories: ["pletivo", "panely", "drat"] },
  {
    key: "barva",
    name: "Barva (RAL)",
    unit: "",
    required: true,
    defaultValue: "RAL 7016",
    creationParameter: true,
    titleAppending: true,
    categories: ["pletivo", "panely", "plotovky-kov", "lamelove", "atypicke", "brany", "branky", "sloupky", "krytky", "vzpery", "drat"],
  },
  { key: "oko", name: "Velikost oka", unit: "mm", defaultValue: "55", categories: ["pletivo"] },
  { key: "role", name: "Délka role", unit: "m", defaultValue: "25", categories: ["pletivo", "drat"] },
  { key: "delka", name: "Délka", unit: "mm", required: true, categories: ["sloupky", "vzpery", "lamely"] },
  { key: "prumer", name: "Průměr sloupku", unit: "mm", categories: ["sloupky-kulate", "vzpery"] },
  { key: "profil", name: "Profil", unit: "", defaultValue: "60×40", categories: ["sloupky-jekl", "sloupky-hlinik", "krytky"] },
  { key: "tloustka", name: "Tloušťka", unit: "mm", categories: ["beton-desky", "lamely"] },
  { key: "material", name: "Materiál", unit: "", categories: ["dilce", "plotovky"] },
  { key: "dekor", name: "Dekor", unit: "", categories: ["dilce-wpc", "beton-desky", "lamely"] },
  { key: "kridla", name: "Počet křídel", unit: "", defaultValue: "1", creationParameter: true, categories: ["brany", "branky"] },
  { key: "hmotnost", name: "Hmotnost křídla", unit: "kg", categories: ["brany"] },
  { key: "nosnost", name: "Max. hmotnost brány", unit: "kg", categories: ["pohony", "voziky"] },
  // The fence engine's parameters (docs/domain.md#items-tab; the reference seed's rows, found by role), each on the made-to-measure categories of the types that read it.
  ...FENCE_PARAMETERS.map((definition): ParameterSpec => {
    const { name, unit, defaultValue } = fenceCategoryParameter(definition.key);
    return { key: definition.key, name, unit: unit as ParameterUnit, defaultValue: defaultValue ?? undefined, categories: categoriesReading(definition.key), role: definition.key };
  }),
];

// ---- products ---------------------------------------------------------------------------------

interface DemoProduct {
  name: string;
  invoiceName: string;
  /** Category keys (leaves as a rule). */
  categories: string[];
  /** CZK without VAT. */
  unitPrice: number;
  /** CZK per m² without VAT (fence products). */
  m2Price?: number;
  /** grams */
  weight: number;
  ean?: boolean;
  storable?: boolean;
  scaleTolerance?: number;
  url?: boolean;
  /** Parameter key → value (numbers with a decimal point, as the product editor stores them). */
  params: Record<string, string | number>;
  en?: { name: string; invoiceName?: string; description?: string };
}

const COLOURS = {
  "6005": { ral: "RAL 6005", cs: "RAL 6005 zelená", short: "zelená", en: "RAL 6005 green" },
  "7016": { ral: "RAL 7016", cs: "RAL 7016 antracit", short: "antracit", en: "RAL 7016 anthracite" },
  "8017": { ral: "RAL 8017", cs: "RAL 8017 hnědá", short: "hnědá", en: "RAL 8017 brown" },
  "9005": { ral: "RAL 9005", cs: "RAL 9005 černá", short: "černá", en: "RAL 9005 jet black" },
  "9006": { ral: "RAL 9006", cs: "RAL 9006 stříbrná", short: "stříbrná", en: "RAL 9006 white aluminium" },
  zn: { ral: "pozink", cs: "pozink", short: "pozink", en: "galvanised" },
} as const;
type Colour = keyof typeof COLOURS;

/** The powder-coat colours the slat system is made in, most asked first (the items' colour, a variant's name suffix). */
export const DEMO_SYSTEM_COLOURS = ["7016", "9005", "8017", "9006", "6005"] as const;
export type SystemColour = (typeof DEMO_SYSTEM_COLOURS)[number];
export const ralOf = (colour: SystemColour): string => COLOURS[colour].ral;

// ---- the made-to-measure system and its sub-products (names the demo orders look up) -----------

const MADE_TO_MEASURE_NAMES: Record<ProductType, [name: string, invoiceName: string]> = {
  FENCE: ["Plot Lamela", "Plotové pole Lamela"],
  GATE: ["Brána samonosná Lamela", "Samonosná brána Lamela"],
  RAIL_GATE: ["Brána posuvná na kolejnici Lamela", "Posuvná brána na kolejnici Lamela"],
  ONE_WING_GATE: ["Brána jednokřídlá Lamela", "Jednokřídlá brána Lamela"],
  TWO_WING_GATE: ["Brána dvoukřídlá Lamela", "Dvoukřídlá brána Lamela"],
  WICKET: ["Branka Lamela", "Branka Lamela"],
  TWO_WING_WICKET: ["Branka dvoukřídlá Lamela", "Dvoukřídlá branka Lamela"],
  CUSTOM: ["Atypický prvek Lamela na míru", "Atypický prvek Lamela"],
};

/** The made-to-measure product of `type` in the aluminium system with `slat` mm slats ("Plot Lamela 100"); CUSTOM has one. */
export const madeToMeasureName = (type: ProductType, slat: SlatHeight): string => (type === "CUSTOM" ? MADE_TO_MEASURE_NAMES.CUSTOM[0] : `${MADE_TO_MEASURE_NAMES[type][0]} ${slat}`);
export const DEMO_STEEL_FENCE_NAME = "Plot Lamela 100 ocel";

/** Aluminium posts: 60×60 for fence fields and wickets, 80×80 and 100×100 for swing gates; caps for each. */
export const POST_LENGTHS = { "60×60": [2000, 2500, 3000], "80×80": [2500], "100×100": [3000] } as const;
export type PostProfile = keyof typeof POST_LENGTHS;
export const postName = (profile: PostProfile, length: number, colour: SystemColour) => `Sloupek hliníkový ${profile} mm, ${length} mm, ${COLOURS[colour].cs}`;
export const capName = (profile: PostProfile, colour: SystemColour) => `Krytka sloupku hliníková ${profile} mm, ${COLOURS[colour].cs}`;

/** Concrete footings and what goes into them: [name, invoice name, price, grams]. */
export const DEMO_FOOTINGS: [string, string, number, number][] = [
  ["Betonová patka sloupku 300×300×800 mm – materiál", "Bet. patka sloupku 30×30×80 – materiál", 390, 165_000],
  ["Suchá betonová směs C20/25, pytel 25 kg", "Suchý beton C20/25 25 kg", 109, 25_000],
  ["Kotevní patka k zabetonování pro sloupek 60×60 mm", "Kotevní patka 60×60 k zabetonování", 189, 1_300],
  ["Základový pas samonosné brány – materiál (beton, výztuž)", "Základ samonosné brány – materiál", 4_900, 0],
];

const decimal = (value: number) => String(value).replace(".", ",");

/** Builds the product list; `jitter` gives each price a small, repeatable spread. */
function demoProducts(): DemoProduct[] {
  const next = seededRandom(20_240_601);
  /** A shop price: the base ± up to `spread`, ending in 9 (489, 1 290 → 1 289). */
  const price = (base: number, spread = 0.06) => {
    const value = base * (1 + (next() * 2 - 1) * spread);
    return value < 100 ? Math.max(5, Math.round(value)) : Math.round(value / 10) * 10 - 1;
  };
  const perM2 = (unitPrice: number, m2: number) => Math.round(unitPrice / m2);
  const list: DemoProduct[] = [];

  // Svařované panely 3D: 6 heights × Ø 4/5 mm × 3 finishes, 2 500 mm wide.
  for (const colour of ["6005", "7016", "zn"] as Colour[]) {
    for (const wire of [4, 5]) {
      for (const height of [630, 830, 1030, 1230, 1530, 2030]) {
        const c = COLOURS[colour];
        const m2 = (height / 1000) * 2.5;
        const unitPrice = price((260 + height * 0.36) * (wire === 5 ? 1.12 : 1) * (colour === "zn" ? 0.92 : 1));
        list.push({
          name: `Panel 3D ${height}×2500 mm, Ø ${wire} mm, ${c.cs}`,
          invoiceName: `Svařovaný panel 3D ${height}/2500 Ø${wire} ${c.ral}`,
          categories: [colour === "zn" ? "panely-zn" : `panely-${colour}`],
          unitPrice,
          m2Price: perM2(unitPrice, m2),
          weight: Math.round(m2 * (wire === 5 ? 4.7 : 3.0) * 1000),
          ean: true,
          url: true,
          params: { vyska: height, sirka: 2500, drat: wire, barva: c.ral },
          en:
            height === 1530
              ? { name: `3D panel ${height}×2500 mm, Ø ${wire} mm, ${c.en}`, invoiceName: `Welded 3D panel ${height}/2500 Ø${wire} ${c.ral}` }
              : undefined,
        });
      }
    }
  }

  // Poplastované pletivo: rolls of 25 m, 6 heights × 2 wire gauges × 2 colours.
  for (const colour of ["6005", "7016"] as Colour[]) {
    for (const [wire, perSquareMetre, kgPerM2] of [
      [2.5, 28, 0.75],
      [3.1, 38, 1.05],
    ] as const) {
      for (const height of [1000, 1250, 1500, 1600, 1800, 2000]) {
        const c = COLOURS[colour];
        const m2 = (height / 1000) * 25;
        const unitPrice = price(m2 * perSquareMetre);
        list.push({
          name: `Pletivo poplastované čtyřhranné ${height} mm, oko 55 mm, Ø ${decimal(wire)} mm, role 25 m, ${c.cs}`,
          invoiceName: `Pletivo PVC ${height} mm/25 m, oko 55, Ø${decimal(wire)} ${c.ral}`,
          categories: [`pletivo-${colour}`],
          unitPrice,
          m2Price: perM2(unitPrice, m2),
          weight: Math.round(m2 * kgPerM2 * 1000),
          ean: true,
          params: { vyska: height, drat: wire, oko: 55, role: 25, barva: c.ral },
          en:
            height === 1500 && wire === 2.5
              ? { name: `PVC coated chain link fence ${height} mm, 55 mm mesh, Ø 2.5 mm, 25 m roll, ${c.en}` }
              : undefined,
        });
      }
    }
  }

  // Plotové dílce: wooden designs and WPC, 1 800 mm wide.
  for (const [design, perSquareMetre] of [
    ["Klasik", 650],
    ["Ranč", 520],
    ["Provence", 780],
    ["Hradba", 900],
    ["Žaluzie", 990],
  ] as const) {
    for (const height of [900, 1200, 1500, 1800]) {
      const m2 = 1.8 * (height / 1000);
      const unitPrice = price(m2 * perSquareMetre);
      list.push({
        name: `Plotový dílec dřevěný ${design} 1800×${height} mm, smrk impregnovaný`,
        invoiceName: `Plotový dílec ${design} 1800×${height} smrk`,
        categories: ["dilce-drevo"],
        unitPrice,
        m2Price: perM2(unitPrice, m2),
        weight: Math.round(m2 * 11 * 1000),
        ean: true,
        params: { vyska: height, sirka: 1800, material: "smrk impregnovaný" },
      });
    }
  }
  for (const design of ["Horizont", "Vertikal"]) {
    for (const [dekor, dekorEn] of [
      ["teak", "teak"],
      ["šedá", "grey"],
      ["antracit", "anthracite"],
    ] as const) {
      for (const height of [1000, 1800]) {
        const m2 = 1.8 * (height / 1000);
        const unitPrice = price(m2 * 2400);
        list.push({
          name: `Plotový dílec WPC ${design} 1800×${height} mm, ${dekor}`,
          invoiceName: `Plotový dílec WPC ${design} 1800×${height} ${dekor}`,
          categories: ["dilce-wpc"],
          unitPrice,
          m2Price: perM2(unitPrice, m2),
          weight: Math.round(m2 * 22 * 1000),
          ean: true,
          params: { vyska: height, sirka: 1800, material: "WPC", dekor },
          en: design === "Horizont" && height === 1800 ? { name: `WPC fence panel ${design} 1800×${height} mm, ${dekorEn}` } : undefined,
        });
      }
    }
  }

  // Betonové ploty: decorative boards, gravel boards and posts.
  for (const [dekor, base] of [
    ["hladká", 290],
    ["štípaný kámen", 360],
    ["cihla", 360],
    ["dřevo", 380],
    ["skála", 420],
  ] as const) {
    for (const sides of ["jednostranná", "oboustranná"]) {
      const unitPrice = price(sides === "oboustranná" ? base * 1.15 : base);
      list.push({
        name: `Betonová deska ${sides} 2000×500×50 mm, ${dekor}`,
        invoiceName: `Bet. deska ${sides === "oboustranná" ? "oboustr." : "jednostr."} 2000×500×50 ${dekor}`,
        categories: ["beton-desky"],
        unitPrice,
        m2Price: perM2(unitPrice, 1),
        weight: 96_000,
        ean: true,
        params: { vyska: 500, sirka: 2000, tloustka: 50, dekor },
      });
    }
  }
  for (const width of [2450, 2950]) {
    const unitPrice = price(width === 2450 ? 249 : 299);
    list.push({
      name: `Podhrabová deska betonová ${width}×200×50 mm, hladká`,
      invoiceName: `Podhrabová deska ${width}×200×50`,
      categories: ["beton-desky"],
      unitPrice,
      m2Price: perM2(unitPrice, (width / 1000) * 0.2),
      weight: Math.round((width / 1000) * 0.2 * 0.05 * 2400 * 1000),
      ean: true,
      params: { vyska: 200, sirka: width, tloustka: 50, dekor: "hladká" },
    });
  }
  for (const kind of ["průběžný", "rohový", "koncový"]) {
    for (const height of [1500, 2000, 2500, 3000]) {
      list.push({
        name: `Sloupek betonový ${kind} 150×150×${height} mm`,
        invoiceName: `Bet. sloupek ${kind} ${height} mm`,
        categories: ["beton-sloupky"],
        unitPrice: price(height * 0.3 + (kind === "průběžný" ? 0 : 60)),
        weight: Math.round((height / 1000) * 0.15 * 0.15 * 2400 * 1000),
        ean: true,
        params: { vyska: height },
      });
    }
  }

  // Plotovky a lamely.
  for (const [profile, base] of [
    ["půlkulatá", 62],
    ["trapézová", 68],
    ["hranatá", 74],
  ] as const) {
    for (const colour of ["7016", "8017"] as Colour[]) {
      for (const height of [1000, 1500, 1800]) {
        const c = COLOURS[colour];
        list.push({
          name: `Plotovka kovová ${profile} ${height} mm, ${c.cs}`,
          invoiceName: `Plotovka ${profile} ${height} mm ${c.ral}`,
          categories: ["plotovky-kov"],
          unitPrice: price(base * (height / 1000) + 20),
          weight: Math.round((height / 1000) * 1100),
          ean: true,
          scaleTolerance: 1,
          params: { vyska: height, barva: c.ral, material: "ocel pozink + komaxit" },
        });
      }
    }
  }
  for (const [dekor, dekorEn] of [
    ["antracit", "anthracite"],
    ["zlatý dub", "golden oak"],
    ["ořech", "walnut"],
    ["bílá", "white"],
  ] as const) {
    for (const length of [1500, 2000, 2500, 3000]) {
      list.push({
        name: `Lamela hliníková 120×15 mm, délka ${length} mm, ${dekor}`,
        invoiceName: `Lamela Al 120×15 ${length} mm ${dekor}`,
        categories: ["lamely"],
        unitPrice: price(length * 0.19 * (dekor === "antracit" || dekor === "bílá" ? 1 : 1.12)),
        weight: Math.round((length / 1000) * 1100),
        ean: true,
        params: { delka: length, tloustka: 15, material: "hliník", dekor },
        en: length === 2000 ? { name: `Aluminium slat 120×15 mm, length ${length} mm, ${dekorEn}` } : undefined,
      });
    }
  }

  // Brány: swing, sliding on a rail, cantilever.
  for (const fill of ["3D panel", "plotovky"]) {
    for (const width of [3000, 3500, 4000]) {
      for (const height of [1230, 1530, 1830]) {
        const colour = COLOURS[fill === "3D panel" ? "6005" : "7016"];
        const area = (width / 1000) * (height / 1000);
        list.push({
          name: `Brána dvoukřídlá ${width}×${height} mm, výplň ${fill}, ${colour.cs}`,
          invoiceName: `Brána dvoukřídlá ${width}×${height}, ${fill}, ${colour.ral}`,
          categories: ["brany-kridlove"],
          unitPrice: price((14_000 + area * 3_500) * (fill === "plotovky" ? 1.2 : 1)),
          weight: Math.round(area * (fill === "plotovky" ? 16 : 12) * 1000 + 20_000),
          ean: true,
          params: { vyska: height, sirka: width, barva: colour.ral, kridla: 2, hmotnost: Math.round(area * 7) },
          en:
            width === 3500 && height === 1530
              ? { name: `Double swing gate ${width}×${height} mm, ${fill === "3D panel" ? "3D panel infill" : "metal pickets"}, ${colour.en}` }
              : undefined,
        });
      }
    }
  }
  for (const width of [3500, 4000, 5000]) {
    for (const height of [1500, 1800]) {
      const area = (width / 1000) * (height / 1000);
      list.push({
        name: `Brána posuvná na kolejnici ${width}×${height} mm, výplň plotovky, RAL 7016 antracit`,
        invoiceName: `Brána posuvná kolejnicová ${width}×${height}, RAL 7016`,
        categories: ["brany-posuvne"],
        unitPrice: price(19_000 + area * 3_000),
        weight: Math.round(area * 17 * 1000 + 15_000),
        ean: true,
        params: { vyska: height, sirka: width, barva: "RAL 7016", kridla: 1, hmotnost: Math.round(area * 17 + 15) },
      });
    }
  }
  for (const fill of ["plotovky", "hliníkové lamely"]) {
    for (const width of [4000, 5000, 6000]) {
      for (const height of [1500, 1800]) {
        const area = (width / 1000) * (height / 1000);
        list.push({
          name: `Brána samonosná ${width}×${height} mm, výplň ${fill}, RAL 7016 antracit`,
          invoiceName: `Brána samonosná ${width}×${height}, ${fill}, RAL 7016`,
          categories: ["brany-samonosne"],
          unitPrice: price((30_000 + area * 3_000) * (fill === "plotovky" ? 1 : 1.15)),
          weight: Math.round(area * 22 * 1000 + 40_000),
          ean: true,
          params: { vyska: height, sirka: width, barva: "RAL 7016", kridla: 1, hmotnost: Math.round(area * 22 + 40) },
          en:
            width === 5000 && height === 1500
              ? {
                  name: `Cantilever sliding gate ${width}×${height} mm, ${fill === "plotovky" ? "metal pickets" : "aluminium slats"}, RAL 7016 anthracite`,
                  description: "Self-supporting gate without a floor rail; trolleys and end stops sold separately.",
                }
              : undefined,
        });
      }
    }
  }

  // Branky: single-leaf wickets matching each fence.
  for (const [key, fill, heights, base] of [
    ["branky-pletivo", "pletivo", [1000, 1250, 1500, 1800], 3_200],
    ["branky-panel", "3D panel", [1230, 1530, 1830], 4_600],
  ] as const) {
    for (const colour of ["6005", "7016"] as Colour[]) {
      for (const width of [1000, 1200]) {
        for (const height of heights) {
          const c = COLOURS[colour];
          const area = (width / 1000) * (height / 1000);
          list.push({
            name: `Branka jednokřídlá ${width}×${height} mm, výplň ${fill}, ${c.cs}`,
            invoiceName: `Branka ${width}×${height}, ${fill}, ${c.ral}`,
            categories: [key],
            unitPrice: price(base + area * 2_000),
            weight: Math.round(area * 10 * 1000 + 9_000),
            ean: true,
            params: { vyska: height, sirka: width, barva: c.ral, kridla: 1 },
            en:
              width === 1000 && height === 1530
                ? { name: `Single wicket gate ${width}×${height} mm, 3D panel infill, ${c.en}`, invoiceName: `Wicket ${width}×${height}, 3D panel, ${c.ral}` }
                : undefined,
          });
        }
      }
    }
  }
  for (const width of [1000, 1200]) {
    for (const height of [1200, 1500, 1800]) {
      const area = (width / 1000) * (height / 1000);
      list.push({
        name: `Branka jednokřídlá ${width}×${height} mm, výplň plotovky, RAL 7016 antracit`,
        invoiceName: `Branka ${width}×${height}, plotovky, RAL 7016`,
        categories: ["branky-plotovky"],
        unitPrice: price(7_000 + area * 3_000),
        weight: Math.round(area * 15 * 1000 + 10_000),
        ean: true,
        params: { vyska: height, sirka: width, barva: "RAL 7016", kridla: 1 },
      });
    }
  }

  // Sloupky, vzpěry, dráty.
  for (const diameter of [48, 60]) {
    for (const colour of ["6005", "7016"] as Colour[]) {
      for (const length of [1500, 1750, 2000, 2500, 3000]) {
        const c = COLOURS[colour];
        list.push({
          name: `Sloupek kulatý ${diameter} mm, ${length} mm, ${c.short}`,
          invoiceName: `Sloupek Ø${diameter}/${length} ${c.ral}`,
          categories: ["sloupky-kulate"],
          unitPrice: price(length * 0.12 * (diameter === 60 ? 1.4 : 1) + 40),
          weight: Math.round((length / 1000) * (diameter === 60 ? 2200 : 1700)),
          ean: true,
          params: { prumer: diameter, delka: length, barva: c.ral },
          en:
            length === 2000
              ? { name: `Round fence post ${diameter} mm, ${length} mm, ${c.en}`, invoiceName: `Post Ø${diameter}/${length} ${c.ral}` }
              : undefined,
        });
      }
    }
  }
  for (const profile of ["60×40", "60×60"]) {
    for (const colour of ["6005", "7016"] as Colour[]) {
      for (const length of [1500, 2000, 2500]) {
        const c = COLOURS[colour];
        list.push({
          name: `Sloupek jeklový ${profile} mm, ${length} mm, ${c.cs}`,
          invoiceName: `Sloupek jekl ${profile}/${length} ${c.ral}`,
          categories: ["sloupky-jekl"],
          unitPrice: price(length * 0.17 * (profile === "60×60" ? 1.3 : 1) + 40),
          weight: Math.round((length / 1000) * (profile === "60×60" ? 3600 : 2900)),
          ean: true,
          params: { profil: profile, delka: length, barva: c.ral },
        });
      }
    }
  }
  for (const colour of ["6005", "7016"] as Colour[]) {
    for (const length of [1750, 2000, 2500]) {
      const c = COLOURS[colour];
      list.push({
        name: `Vzpěra kulatá 38 mm, ${length} mm, ${c.short}`,
        invoiceName: `Vzpěra Ø38/${length} ${c.ral}`,
        categories: ["vzpery"],
        unitPrice: price(length * 0.085 + 20),
        weight: Math.round((length / 1000) * 1300),
        ean: true,
        params: { prumer: 38, delka: length, barva: c.ral },
      });
    }
    for (const length of [26, 52, 78]) {
      const c = COLOURS[colour];
      list.push({
        name: `Napínací drát poplastovaný Ø 3,4 mm, ${length} m, ${c.cs}`,
        invoiceName: `Napínací drát PVC Ø3,4 ${length} m ${c.ral}`,
        categories: ["drat"],
        unitPrice: price(length * 4.9),
        weight: Math.round(length * 48),
        ean: true,
        params: { drat: 3.4, role: length, barva: c.ral },
      });
    }
    const c = COLOURS[colour];
    list.push({
      name: `Vázací drát poplastovaný Ø 2,0 mm, 50 m, ${c.cs}`,
      invoiceName: `Vázací drát PVC Ø2,0 50 m ${c.ral}`,
      categories: ["drat"],
      unitPrice: price(119),
      weight: 1_150,
      ean: true,
      params: { drat: 2, role: 50, barva: c.ral },
    });
  }

  // Small parts, operators and trolleys: one line each [name, invoice name, category, price, grams, load in kg].
  const parts: [string, string, string, number, number, number?][] = [
    ["Příchytka panelu 3D na jekl 60×40 mm, antracit", "Příchytka 3D/jekl 60×40 antracit", "uchyty", 24, 90],
    ["Příchytka panelu 3D na jekl 60×40 mm, zelená", "Příchytka 3D/jekl 60×40 zelená", "uchyty", 24, 90],
    ["Příchytka panelu 3D na kulatý sloupek 48 mm, zelená", "Příchytka 3D/Ø48 zelená", "uchyty", 29, 110],
    ["Příchytka panelu 3D na kulatý sloupek 60 mm, antracit", "Příchytka 3D/Ø60 antracit", "uchyty", 32, 120],
    ["Objímka na vzpěru 48/38 mm, zelená", "Objímka vzpěry 48/38 zelená", "uchyty", 39, 150],
    ["Objímka na vzpěru 48/38 mm, antracit", "Objímka vzpěry 48/38 antracit", "uchyty", 39, 150],
    ["Držák napínacího drátu pro sloupek 48 mm", "Držák nap. drátu Ø48", "uchyty", 12, 40],
    ["Napínák drátu pozinkovaný č. 2", "Napínák drátu Zn č. 2", "uchyty", 19, 60],
    ["Napínák drátu pozinkovaný č. 3", "Napínák drátu Zn č. 3", "uchyty", 24, 85],
    ["Klip na pletivo, balení 100 ks", "Klipy na pletivo 100 ks", "uchyty", 139, 400],
    ["Spojka hliníkových lamel, antracit", "Spojka lamel Al antracit", "uchyty", 45, 70],
    ["Krytka sloupku 60×40 mm, plast černá", "Krytka jekl 60×40", "uchyty", 9, 15],
    ["Krytka kulatého sloupku 48 mm, plast", "Krytka Ø48", "uchyty", 7, 12],
    ["Patka k přišroubování pro sloupek 60×40 mm", "Patka kotevní 60×40", "kotvy", 249, 1_400],
    ["Patka k přišroubování pro sloupek 60×60 mm", "Patka kotevní 60×60", "kotvy", 279, 1_600],
    ["Patka k přišroubování pro kulatý sloupek 48 mm", "Patka kotevní Ø48", "kotvy", 229, 1_300],
    ["Zemní vrut 76×800 mm", "Zemní vrut 76/800", "kotvy", 389, 2_900],
    ["Zemní vrut 90×1000 mm", "Zemní vrut 90/1000", "kotvy", 529, 4_100],
    ["Chemická kotva M10, sada pro 4 patky", "Chem. kotva M10 sada", "kotvy", 349, 600],
    ["Kotevní šroub M10×100 mm, balení 10 ks", "Kotevní šroub M10×100 10 ks", "kotvy", 189, 700],
    ["Betonová patka pro sloupek 48 mm", "Betonová patka Ø48", "kotvy", 159, 14_000],
    ["Zámek zadlabací pro branky 30/92 mm", "Zámek zadlabací 30/92", "zamky", 349, 450],
    ["Zámek zadlabací pro branky 40/92 mm", "Zámek zadlabací 40/92", "zamky", 389, 480],
    ["Elektrický zámek 12 V pro branky", "El. zámek 12 V", "zamky", 1_490, 600],
    ["Elektromagnetický zámek 300 kg", "Elektromagnet 300 kg", "zamky", 2_290, 1_800],
    ["Cylindrická vložka 30+35 mm, 5 klíčů", "Vložka 30/35 5 klíčů", "zamky", 329, 250],
    ["Kování klika–klika nerez", "Kování klika/klika nerez", "zamky", 590, 700],
    ["Kování klika–koule černé", "Kování klika/koule černé", "zamky", 640, 750],
    ["Zástrč podlahová pro křídlovou bránu", "Zástrč podlahová", "zamky", 449, 1_900],
    ["Západka brány s dorazem", "Západka brány", "zamky", 289, 800],
    ["Zámek pro posuvnou bránu s hákem", "Zámek posuvná brána hák", "zamky", 1_190, 900],
    ["Pant přivařovací nastavitelný M16", "Pant přivař. M16", "panty", 189, 650],
    ["Pant přivařovací nastavitelný M20", "Pant přivař. M20", "panty", 249, 900],
    ["Pant na sloupek 60×60 mm, 180°", "Pant 180° 60×60", "panty", 459, 1_200],
    ["Pant samozavírací pro branky", "Pant samozavírací", "panty", 1_290, 1_500],
    ["Kulový pant 20 mm, pár", "Kulový pant 20 mm pár", "panty", 329, 800],
    ["Pant pro dřevěné branky, pozink, pár", "Pant dřev. branka Zn pár", "panty", 219, 900],
    ["Pohon křídlové brány 24 V, sada pro 2 křídla do 250 kg", "Pohon křídl. 24 V 2×250 kg", "pohony", 13_900, 16_000, 500],
    ["Pohon křídlové brány 230 V, sada pro 2 křídla do 400 kg", "Pohon křídl. 230 V 2×400 kg", "pohony", 17_900, 19_000, 800],
    ["Pohon posuvné brány 24 V do 600 kg", "Pohon posuvný 24 V 600 kg", "pohony", 11_900, 11_000, 600],
    ["Pohon posuvné brány 230 V do 1000 kg", "Pohon posuvný 230 V 1000 kg", "pohony", 15_900, 13_000, 1000],
    ["Pohon samonosné brány 24 V do 800 kg, s akumulátorem", "Pohon samonosný 24 V 800 kg aku", "pohony", 22_900, 14_000, 800],
    ["Ozubený hřeben pozinkovaný 1 m", "Hřeben Zn 1 m", "pohony", 249, 1_800],
    ["Dálkový ovladač 4kanálový 433 MHz", "Ovladač 4k 433 MHz", "pohony", 690, 60],
    ["Fotobuňky bezdrátové, pár", "Fotobuňky bezdrát. pár", "pohony", 1_990, 400],
    ["Vozík pro samonosnou bránu do 400 kg", "Vozík samonosné brány 400 kg", "voziky", 1_890, 6_500, 400],
    ["Vozík pro samonosnou bránu do 800 kg", "Vozík samonosné brány 800 kg", "voziky", 2_690, 8_900, 800],
    ["Kolejnice pro posuvnou bránu, pozink, 3 m", "Kolejnice Zn 3 m", "voziky", 690, 9_600],
    ["Kolečko s drážkou 80 mm pro posuvnou bránu", "Kolečko V 80 mm", "voziky", 389, 1_100, 300],
    ["Koncový doraz samonosné brány", "Doraz samonosné brány", "voziky", 590, 1_700],
    ["Horní vedení s kladkami", "Horní vedení kladky", "voziky", 790, 2_100],
  ];
  for (const [name, invoiceName, category, base, grams, load] of parts) {
    list.push({
      name,
      invoiceName,
      categories: [category],
      unitPrice: price(base, 0.03),
      weight: grams,
      ean: true,
      scaleTolerance: grams < 200 ? 2 : 0,
      params: load === undefined ? {} : { nosnost: load },
      en:
        name.startsWith("Pohon posuvné brány 24 V")
          ? { name: "Sliding gate operator 24 V up to 600 kg", description: "Kit with control unit, two remotes and a warning light." }
          : undefined,
    });
  }

  // Montáž: services, not stored, no EAN.
  const services: [string, string, string, number][] = [
    ["Montáž pletiva se sloupky – za běžný metr", "Montáž pletiva (bm)", "montaz-ploty", 190],
    ["Montáž 3D panelů – za pole", "Montáž panelu 3D (pole)", "montaz-ploty", 390],
    ["Montáž plotových dílců – za pole", "Montáž plotového dílce (pole)", "montaz-ploty", 450],
    ["Osazení betonové desky – za kus", "Osazení bet. desky (ks)", "montaz-ploty", 120],
    ["Montáž pohonu brány", "Montáž pohonu brány", "montaz-brany", 3_900],
    ["Betonový základ samonosné brány", "Základ samonosné brány", "montaz-brany", 6_900],
    ["Seřízení brány a pohonu", "Seřízení brány", "montaz-brany", 1_200],
    ["Výkop a betonáž patky sloupku", "Betonáž patky sloupku (ks)", "montaz-prace", 290],
    ["Demontáž starého plotu – za běžný metr", "Demontáž plotu (bm)", "montaz-prace", 120],
    ["Odvoz a likvidace odpadu – za m³", "Likvidace odpadu (m³)", "montaz-prace", 890],
    ["Doprava montážní čety – za km", "Doprava čety (km)", "montaz-prace", 28],
  ];
  for (const [name, invoiceName, category, base] of services) {
    list.push({ name, invoiceName, categories: [category], unitPrice: base, weight: 0, storable: false, params: {} });
  }

  // Made to measure (docs/domain.md#items-tab): the slat system, one product per type and slat height, priced per m²
  // (a standard piece gives the unit price); made to order, so neither stored nor coded.
  const madeToMeasure = (type: ProductType, name: string, invoiceName: string, m2Price: number, engine: FenceProductParameters, category: string) => {
    const standard = fenceItemOfType(type, 0, engine) as { height: number; length: number };
    const area = (standard.height / 1000) * (standard.length / 1000);
    list.push({
      name,
      invoiceName,
      categories: [category],
      unitPrice: Math.round(m2Price * area),
      m2Price,
      weight: Math.round((engine.weightPerMeter ?? 0) * standard.length),
      storable: false,
      params: {
        ...engine,
        vyska: standard.height,
        sirka: standard.length,
        barva: COLOURS["7016"].ral,
        ...(type === "CUSTOM" || type === "FENCE" ? {} : { kridla: type === "TWO_WING_GATE" || type === "TWO_WING_WICKET" ? 2 : 1 }),
      },
    });
  };
  const M2_PRICES: Record<ProductType, number> = {
    FENCE: 3190,
    GATE: 4890,
    RAIL_GATE: 4390,
    ONE_WING_GATE: 4290,
    TWO_WING_GATE: 4290,
    WICKET: 4090,
    TWO_WING_WICKET: 4090,
    CUSTOM: 4490,
  };
  for (const slat of SLAT_HEIGHTS) {
    for (const type of PRODUCT_TYPES.filter((type) => type !== "CUSTOM")) {
      // Narrow slats take more material and work per m².
      const m2Price = M2_PRICES[type] + (slat === 80 ? 100 : slat === 120 ? -100 : 0);
      const [, invoiceName] = MADE_TO_MEASURE_NAMES[type];
      madeToMeasure(type, madeToMeasureName(type, slat), `${invoiceName} ${slat} na míru`, m2Price, fenceProductParameters(type, slat), DEMO_MADE_TO_MEASURE_CATEGORIES[type]);
    }
  }
  madeToMeasure(
    "FENCE",
    DEMO_STEEL_FENCE_NAME,
    "Plotové pole Lamela 100 ocel na míru",
    2690,
    { ...fenceProductParameters("FENCE", 100), topBar: 40, bottomBar: 40, uProfile: 30, weightPerMeter: 17.5, assemblyPrice: 750 },
    STEEL_FENCE_CATEGORY,
  );
  madeToMeasure("CUSTOM", madeToMeasureName("CUSTOM", 100), `${MADE_TO_MEASURE_NAMES.CUSTOM[1]} na míru`, M2_PRICES.CUSTOM, fenceProductParameters("CUSTOM"), DEMO_MADE_TO_MEASURE_CATEGORIES.CUSTOM);

  // Sub-products of the system: aluminium posts and their caps in every system colour, concrete footings.
  for (const colour of DEMO_SYSTEM_COLOURS) {
    for (const [profile, lengths] of Object.entries(POST_LENGTHS) as [PostProfile, readonly number[]][]) {
      const side = Number(profile.split("×")[0]);
      for (const length of lengths) {
        list.push({
          name: postName(profile, length, colour),
          invoiceName: `Sloupek Al ${profile}/${length} ${COLOURS[colour].ral}`,
          categories: ["sloupky-hlinik"],
          unitPrice: price(length * (side / 60) ** 1.5 * 0.42),
          weight: Math.round((length / 1000) * side * 22),
          ean: true,
          params: { profil: profile, delka: length, barva: COLOURS[colour].ral },
        });
      }
      list.push({
        name: capName(profile, colour),
        invoiceName: `Krytka sloupku Al ${profile} ${COLOURS[colour].ral}`,
        categories: ["krytky"],
        unitPrice: price(39 + side * 0.6, 0.03),
        weight: Math.round(side * 1.5),
        ean: true,
        scaleTolerance: 2,
        params: { profil: profile, barva: COLOURS[colour].ral },
      });
    }
  }
  for (const [name, invoiceName, base, grams] of DEMO_FOOTINGS) {
    list.push({ name, invoiceName, categories: ["patky"], unitPrice: base, weight: grams, ean: grams > 0, storable: grams > 0, params: {} });
  }
  return list;
}

// ---- writing ----------------------------------------------------------------------------------

const EAN_PREFIX = "8595678";
const SHOP_URL = "https://www.ploty-ohrada.cz/produkt/";

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** How the product editor stores a number under a length or weight unit: `2.5`, never `2,50`. */
const storedValue = (value: string | number) => (typeof value === "number" ? String(value) : value);

/** Each e-shop's price relative to the base one, by the e-shop's place in the list. */
const ESHOP_FACTORS = [1.05, 1.1, 0.92];

export interface DemoCatalogueResult {
  seeded: boolean;
  categories: number;
  parameters: number;
  products: number;
}

async function vatIdByRate(ctx: Ctx, rate: string): Promise<number> {
  const [exact] = await ctx.db.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.rate, rate)).limit(1);
  if (exact) return exact.id;
  const [any] = await ctx.db.select({ id: vatRates.id }).from(vatRates).where(eq(vatRates.active, true)).orderBy(asc(vatRates.id)).limit(1);
  if (!any) throw new Error("no VAT rate to give the demo products (run the reference seed first)");
  return any.id;
}

/**
 * Seeds the demo catalogue when the catalogue is empty: no categories and no products besides
 * the reference seed's system rows. Otherwise does nothing, so it is safe to run on every start.
 */
export async function seedDemoCatalogue(ctx: Ctx): Promise<DemoCatalogueResult> {
  return withTransaction(ctx, async (tx) => {
    const [categoryCount] = await tx.db.select({ n: count() }).from(categories);
    const [productCount] = await tx.db.select({ n: count() }).from(products).where(isNull(products.systemRole));
    if (Number(categoryCount?.n ?? 0) > 0 || Number(productCount?.n ?? 0) > 0) return { seeded: false, categories: 0, parameters: 0, products: 0 };

    // Categories, one insert per level; ids come back in insertion order (matched by name and parent).
    const categoryIds = new Map<string, number>();
    let level: { spec: CategorySpec; parentId: number | null; sortOrder: number }[] = DEMO_CATEGORY_TREE.map((spec, i) => ({ spec, parentId: null, sortOrder: i }));
    while (level.length) {
      const rows = await tx.db
        .insert(categories)
        .values(level.map(({ spec, parentId, sortOrder }) => ({ name: spec.name, parentId, sortOrder })))
        .returning({ id: categories.id, name: categories.name, parentId: categories.parentId });
      const idOf = new Map(rows.map((row) => [`${row.parentId}/${row.name}`, row.id]));
      for (const { spec, parentId } of level) categoryIds.set(spec.key, idOf.get(`${parentId}/${spec.name}`)!);
      level = level.flatMap(({ spec }) => (spec.children ?? []).map((child, i) => ({ spec: child, parentId: categoryIds.get(spec.key)!, sortOrder: i })));
    }
    const category = (key: string) => {
      const id = categoryIds.get(key);
      if (id === undefined) throw new Error(`demo catalogue: unknown category ${key}`);
      return id;
    };

    // The items editor's pickers (docs/domain.md#editor-categories): made-to-measure fences, gates and wickets; the
    // stock fences, gates, wickets and accessories as other items; the assembly category.
    await tx.db.insert(categoryEditorRoles).values([
      ...DEMO_EDITOR_CATEGORIES.FENCE.map((key) => ({ role: "FENCE", categoryId: category(key) })),
      ...DEMO_EDITOR_CATEGORIES.OTHER.map((key) => ({ role: "OTHER", categoryId: category(key) })),
      ...DEMO_EDITOR_CATEGORIES.ASSEMBLY.map((key) => ({ role: "ASSEMBLY", categoryId: category(key) })),
    ]);

    // Category parameters and the categories they hang on; the engine's are the reference seed's rows (docs/decisions/035-engine-parameter-roles.md).
    await seedEngineParameters(tx.db);
    const engineIds = await engineParameterIds(tx.db);
    const ownParameters = DEMO_PARAMETERS.filter((p) => !p.role);
    const parameterRows = await tx.db
      .insert(categoryParameters)
      .values(
        ownParameters.map((p) => ({
          name: p.name,
          unit: p.unit,
          required: p.required ?? false,
          defaultValue: p.defaultValue ?? null,
          creationParameter: p.creationParameter ?? false,
          titleAppending: p.titleAppending ?? false,
        })),
      )
      .returning({ id: categoryParameters.id, name: categoryParameters.name });
    const parameterIds = new Map(DEMO_PARAMETERS.map((p) => [p.key, p.role ? engineIds.get(p.role)! : parameterRows.find((row) => row.name === p.name)!.id]));
    await tx.db
      .insert(categoryParameterCategories)
      .values(DEMO_PARAMETERS.flatMap((p) => p.categories.map((key) => ({ parameterId: parameterIds.get(p.key)!, categoryId: category(key) }))));

    // Products: one insert; ids come back matched by name (names are unique in the demo).
    const vat21 = await vatIdByRate(tx, "21.00");
    const list = demoProducts();
    if (new Set(list.map((p) => p.name)).size !== list.length) throw new Error("demo catalogue: product names must be unique");
    let eanSerial = 0;
    const inserted = await tx.db
      .insert(products)
      .values(
        list.map((p) => ({
          name: p.name,
          invoiceName: p.invoiceName,
          vatId: vat21,
          storable: p.storable ?? true,
          // Galvanised hardware is not painted after manufacture (docs/domain.md#planning).
          notForPainting: /pozink/i.test(p.name),
          ean13: !p.ean ? null : ean13(`${EAN_PREFIX}${String(++eanSerial).padStart(5, "0")}`),
          url: p.url ? `${SHOP_URL}${slug(p.name)}` : null,
          weight: String(p.weight),
          scaleToleranceAmount: p.scaleTolerance ?? 0,
          unitPrice: p.unitPrice.toFixed(2),
          m2Price: p.m2Price === undefined ? null : p.m2Price.toFixed(2),
          createdBy: tx.userId,
          updatedBy: tx.userId,
        })),
      )
      .returning({ id: products.id, name: products.name });
    const productIds = new Map(inserted.map((row) => [row.name, row.id]));
    const productId = (p: DemoProduct) => productIds.get(p.name)!;

    const systemRows = await tx.db
      .select({ id: products.id, systemRole: products.systemRole })
      .from(products)
      .where(and(isNotNull(products.systemRole), inArray(products.systemRole, Object.keys(SYSTEM_PRODUCT_CATEGORIES))));
    await tx.db.insert(productCategories).values([
      ...list.flatMap((p) => p.categories.map((key) => ({ productId: productId(p), categoryId: category(key) }))),
      ...systemRows.map((row) => ({ productId: row.id, categoryId: category(SYSTEM_PRODUCT_CATEGORIES[row.systemRole as SystemRole]!) })),
    ]);
    // The assembly products get a price where staff have not given one (the reference seed gives none).
    for (const [role, unitPrice] of Object.entries(DEMO_ASSEMBLY_PRICES)) {
      await tx.db
        .update(products)
        .set({ unitPrice: unitPrice.toFixed(2), updatedBy: tx.userId, updatedAt: new Date() })
        .where(and(eq(products.systemRole, role), isNull(products.unitPrice)));
    }

    const values = list.flatMap((p) =>
      Object.entries(p.params).map(([key, value]) => {
        const parameterId = parameterIds.get(key);
        if (parameterId === undefined) throw new Error(`demo catalogue: unknown parameter ${key}`);
        return { productId: productId(p), parameterId, value: storedValue(value) };
      }),
    );
    if (values.length) await tx.db.insert(productParameterValues).values(values);

    const translations = list.flatMap((p) =>
      p.en ? [{ productId: productId(p), lang: "en", name: p.en.name, invoiceName: p.en.invoiceName ?? p.en.name, description: p.en.description ?? null }] : [],
    );
    if (translations.length) await tx.db.insert(productTranslations).values(translations);

    // E-shop prices where they differ from the base: every seventh product, when e-shops exist.
    const shops = await tx.db.select({ id: eshops.id }).from(eshops).orderBy(asc(eshops.id));
    const shopPrices = shops.length
      ? list.flatMap((p, index) =>
          index % 7 === 0 && (p.storable ?? true)
            ? shops.map((shop, i) => ({
                productId: productId(p),
                eshopId: shop.id,
                price: Math.round(p.unitPrice * ESHOP_FACTORS[i % ESHOP_FACTORS.length]!).toFixed(2),
              }))
            : [],
        )
      : [];
    if (shopPrices.length) await tx.db.insert(productEshopPrices).values(shopPrices);

    return { seeded: true, categories: categoryIds.size, parameters: DEMO_PARAMETERS.length, products: list.length };
  });
}
