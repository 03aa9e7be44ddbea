/**
 * The worked examples of docs/fence-geometry.md as inputs: one item and its product's parameters
 * per product type. The engine's tests check the numbers the document gives for them, the
 * drawing's tests what it draws; both read them from here so the two cannot drift apart.
 */
import type { FenceParameters } from "./parameters";
import type { FenceItemFields } from "./types";

const common = { product: 1, color: "RAL 7016", distancingType: "PRINT_3D", amount: 1 } as const;

export const WORKED_EXAMPLES: Record<string, { item: FenceItemFields; parameters: FenceParameters }> = {
  "FENCE-1": {
    item: { ...common, productType: "FENCE", height: 1800, length: 2500, distanceFromGround: 50, distanceFromTop: 30, spacerHeight: 20, m2price: 2450, amount: 6 },
    parameters: { topBar: 30, bottomBar: 25, uProfile: 24, pieceHeight: 100, weightPerMeter: 12.5 },
  },
  "GATE-1": {
    item: {
      ...common,
      productType: "GATE",
      height: 1600,
      length: 4000,
      totalGateLength: 5600,
      openingSize: 3900,
      distanceFromGround: 60,
      spacerHeight: 20,
      lockType: "NORMAL",
      fieldCount: 2,
      driveMountPosition: 20,
      driveMountSize: 60,
      m2price: 3890,
    },
    parameters: { topBar: 40, cProfile: 90, uProfile: 24, stop: 20, lock: 40, fieldDivider: 40, pieceHeight: 100, weightPerMeter: 18 },
  },
  "RAIL_GATE-1": {
    item: {
      ...common,
      productType: "RAIL_GATE",
      height: 1500,
      length: 4150,
      openingSize: 4000,
      distanceFromGround: 10,
      spacerHeight: 18,
      wheelsType: "WT_80MM",
      lockType: "ELECTRIC",
      fieldCount: 2,
      driveMountPosition: 0,
      driveMountSize: 50,
      m2price: 3500,
    },
    parameters: { topBar: 40, bottomBar: 40, uProfile: 24, stop: 20, lock: 40, electricLock: 60, fieldDivider: 40, pieceHeight: 100 },
  },
  "ONE_WING_GATE-1": {
    item: {
      ...common,
      productType: "ONE_WING_GATE",
      height: 1400,
      length: 3200,
      distanceFromGround: 50,
      spacerHeight: 17,
      gateOpeningType: "HINGES",
      hingeType: "BEARING",
      hingeWidth: 30,
      openingType: "LEFT_TO_YARD",
      lockType: "NORMAL",
      doorHandleHeight: 1000,
      doorHandleInner: "HANDLE",
      doorHandleOuter: "KNOB",
      m2price: 4200,
    },
    parameters: { topBar: 40, bottomBar: 40, uProfile: 24, post: 80, stop: 20, lock: 40, pieceHeight: 100 },
  },
  "WICKET-1": {
    item: {
      ...common,
      productType: "WICKET",
      height: 1200,
      length: 1300,
      distanceFromGround: 50,
      spacerHeight: 10,
      hingeType: "ARTICULATED",
      hingeWidth: 25,
      openingType: "RIGHT_TO_YARD",
      lockType: "NORMAL",
      doorHandleHeight: 1000,
      doorHandleInner: "HANDLE",
      doorHandleOuter: "HANDLE",
      m2price: 3990,
    },
    parameters: { topBar: 30, bottomBar: 30, uProfile: 20, post: 60, stop: 15, lock: 35, pieceHeight: 80, weightPerMeter: 9.8 },
  },
  "TWO_WING_GATE-1": {
    item: {
      ...common,
      productType: "TWO_WING_GATE",
      height: 1600,
      length: 4000,
      wicketPartWidth: 1500,
      solidPartWidth: 2500,
      distanceFromGround: 50,
      spacerHeight: 20,
      gateOpeningType: "HINGES",
      hingeType: "BEARING",
      hingeWidth: 30,
      openingType: "RIGHT_TO_YARD",
      wingRelation: "SAME_DIRECTION",
      lockType: "NORMAL",
      doorHandleHeight: 1000,
      doorHandleInner: "HANDLE",
      doorHandleOuter: "KNOB",
      gateDropRod: true,
      gateDropRodLength: 400,
      m2price: 4200,
    },
    parameters: { topBar: 40, bottomBar: 40, uProfile: 24, post: 100, lock: 40, pieceHeight: 100 },
  },
  "TWO_WING_WICKET-1": {
    item: {
      ...common,
      productType: "TWO_WING_WICKET",
      height: 1200,
      length: 2000,
      wicketPartWidth: 1000,
      solidPartWidth: 1000,
      distanceFromGround: 50,
      spacerHeight: 10,
      spacerHeightAlt: 9,
      hingeType: "ARTICULATED",
      hingeWidth: 25,
      openingType: "LEFT_TO_STREET",
      wingRelation: "CROSS",
      lockType: "NORMAL",
      doorHandleHeight: 1000,
      doorHandleInner: "KNOB",
      doorHandleOuter: "KNOB",
      m2price: 3990,
    },
    parameters: { topBar: 30, bottomBar: 30, uProfile: 20, post: 60, lock: 35, wingGap: 12, pieceHeight: 80 },
  },
  "CUSTOM-1": {
    item: { product: 1, color: "RAL 9005", productType: "CUSTOM", height: 1000, length: 1500, distanceFromGround: 100, m2price: 1999.99, amount: 3 },
    parameters: { pieceHeight: 100, uProfile: 24, topBar: 30 },
  },
};

/**
 * docs/fence-geometry.md "Cut list", example CUT-1: one order's items of one fence product (FENCE-1's
 * parameters) in two colours, with posts as sub-products, and an item without its height (left
 * out). The cut list's tests check the document's table for it, line for line.
 */
export const CUT_LIST_EXAMPLE = (() => {
  const fence = WORKED_EXAMPLES["FENCE-1"]!;
  const product = { id: 1, name: "Plot Lamela" };
  const post = { id: 2, name: "Sloupek 60 × 60" };
  return [
    { id: 11, orderId: 1, fields: fence.item, parameters: fence.parameters, product, subProducts: [{ product: post, amount: 7 }] },
    { id: 12, orderId: 1, fields: { ...fence.item, length: 1800, amount: 2.5 }, parameters: fence.parameters, product, subProducts: [{ product: post, amount: 3 }] },
    { id: 13, orderId: 1, fields: { ...fence.item, color: "RAL 9005", amount: 1 }, parameters: fence.parameters, product },
    { id: 14, orderId: 1, fields: { ...fence.item, height: null, amount: 2 }, parameters: fence.parameters, product, subProducts: [{ product: post, amount: 3 }] },
  ];
})();
