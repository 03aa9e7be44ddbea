/**
 * How many fence items the engine computes a second (at least 50,000). Prints figures,
 * asserts nothing. Run: `bun src/modules/orders/fence-item/engine.bench.ts`; `npm run bench`
 * runs it too and reads its `BENCH_RESULT {json}` line.
 */
import { computeFenceItem, type FenceItemFields, type FenceParameters } from "./engine";

const parameters: FenceParameters = {
  pieceHeight: 100,
  topBar: 40,
  bottomBar: 40,
  cProfile: 90,
  uProfile: 24,
  post: 80,
  stop: 20,
  lock: 40,
  electricLock: 60,
  fieldDivider: 40,
  weightPerMeter: 14.5,
};

const common = { product: 1, color: "RAL 7016", amount: 2, m2price: 3890.5, spacerHeight: 20, distancingType: "PRINT_3D", distanceFromGround: 50 } as const;
/** One item of each type, the heights varied per round so nothing is computed once and cached. */
const ITEMS: FenceItemFields[] = [
  { ...common, productType: "FENCE", height: 1800, length: 2500 },
  { ...common, productType: "GATE", height: 1600, length: 4000, totalGateLength: 5600, openingSize: 3900, lockType: "NORMAL", fieldCount: 2, driveMountSize: 60, driveMountPosition: 20 },
  { ...common, productType: "RAIL_GATE", height: 1500, length: 4150, openingSize: 4000, lockType: "ELECTRIC", wheelsType: "WT_80MM", fieldCount: 2, driveMountSize: 50, driveMountPosition: 0 },
  { ...common, productType: "ONE_WING_GATE", height: 1400, length: 3200, gateOpeningType: "HINGES", hingeType: "BEARING", hingeWidth: 30, openingType: "LEFT_TO_YARD", lockType: "NORMAL", doorHandleHeight: 1000, doorHandleInner: "HANDLE", doorHandleOuter: "KNOB" },
  { ...common, productType: "TWO_WING_GATE", height: 1600, length: 4000, wicketPartWidth: 1500, solidPartWidth: 2500, gateOpeningType: "DRIVE", driveOpening: "YARD", hingeType: "BEARING", hingeWidth: 30, lockType: "ELECTRIC" },
  { ...common, productType: "WICKET", height: 1200, length: 1300, hingeType: "ARTICULATED", hingeWidth: 25, openingType: "RIGHT_TO_YARD", lockType: "NORMAL" },
  { ...common, productType: "TWO_WING_WICKET", height: 1200, length: 2000, wicketPartWidth: 1000, solidPartWidth: 1000, hingeType: "ARTICULATED", hingeWidth: 25, openingType: "LEFT_TO_STREET", wingRelation: "CROSS", lockType: "NONE" },
  { ...common, productType: "CUSTOM", height: 1000, length: 1500 },
];

function run(count: number): { perSecond: number; checksum: number } {
  let checksum = 0;
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const item = ITEMS[index % ITEMS.length]!;
    const result = computeFenceItem({ ...item, height: (item.height ?? 0) + (index % 7) }, parameters);
    checksum += (result.unitPriceHalere ?? 0) + (result.slatCount ?? 0);
  }
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, checksum };
}

run(20_000); // warm-up: let the JIT settle before measuring
const rounds = [run(200_000), run(200_000), run(200_000)];
const rates = rounds.map((round) => round.perSecond).sort((a, b) => a - b);
const median = rates[1]!;
console.log(`fence engine: ${Math.round(median).toLocaleString("en")} items/s (median of 3 × 200,000; min ${Math.round(rates[0]!).toLocaleString("en")}, max ${Math.round(rates[2]!).toLocaleString("en")}; budget 50,000)`);
if (rounds.some((round) => !Number.isFinite(round.checksum))) console.log("checksum is not a number: the engine returned NaN");
console.log(`BENCH_RESULT ${JSON.stringify({ perSecond: median, min: rates[0], max: rates[2], items: 200_000, rounds: rounds.length })}`);
