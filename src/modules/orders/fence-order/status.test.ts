import { describe, expect, test } from "bun:test";
import { applyDateRules, type OrderState } from "./status";

const none = { offerDate: null, measurementDate: null, orderDate: null, deadline: null };
const state = (over: Partial<OrderState>): OrderState => ({ ...none, status: "PRICE_OFFER", statusSetManually: false, ...over });

describe("applyDateRules", () => {
  test("a new order with an offer date is a price offer", () => {
    const result = applyDateRules({ before: null, after: { ...none, offerDate: "2026-03-01" } });
    expect(result).toEqual({ status: "PRICE_OFFER", deadline: null, change: { from: null, to: "PRICE_OFFER", reason: "offerDate" } });
  });

  test("a measurement date sets MEASURED", () => {
    const before = state({ offerDate: "2026-03-01" });
    const result = applyDateRules({ before, after: { ...before, measurementDate: "2026-03-10" } });
    expect(result.status).toBe("MEASURED");
    expect(result.change).toEqual({ from: "PRICE_OFFER", to: "MEASURED", reason: "measurementDate" });
  });

  test("an order date sets ORDER_CONFIRMATION and the deadline 77 days later", () => {
    const before = state({ offerDate: "2026-03-01", measurementDate: "2026-03-10", status: "MEASURED" });
    const result = applyDateRules({ before, after: { ...before, orderDate: "2026-03-20" } });
    expect(result.status).toBe("ORDER_CONFIRMATION");
    expect(result.deadline).toBe("2026-06-05");
  });

  test("the deadline crosses a year end: 2026-11-10 + 77 = 2027-01-26", () => {
    const before = state({ offerDate: "2026-11-01" });
    expect(applyDateRules({ before, after: { ...before, orderDate: "2026-11-10" } }).deadline).toBe("2027-01-26");
  });

  test("several dates at once: the order date wins over measurement over offer", () => {
    const all = applyDateRules({ before: null, after: { ...none, offerDate: "2026-01-05", measurementDate: "2026-01-06", orderDate: "2026-01-07" } });
    expect(all.status).toBe("ORDER_CONFIRMATION");
    expect(all.deadline).toBe("2026-03-25");
    const two = applyDateRules({ before: state({ offerDate: "2026-01-05" }), after: { ...none, offerDate: "2026-01-05", measurementDate: "2026-01-06" } });
    expect(two.status).toBe("MEASURED");
  });

  test("a changed order date moves the deadline; an unchanged one keeps a deadline staff edited", () => {
    const before = state({ offerDate: "2026-01-05", orderDate: "2026-01-07", deadline: "2026-03-25", status: "ORDER_CONFIRMATION" });
    expect(applyDateRules({ before, after: { ...before, orderDate: "2026-02-01" } }).deadline).toBe("2026-04-19");
    expect(applyDateRules({ before, after: { ...before, deadline: "2026-05-01" } }).deadline).toBe("2026-05-01");
  });

  test("a deadline typed together with a new order date is kept", () => {
    const before = state({ offerDate: "2026-01-05" });
    expect(applyDateRules({ before, after: { ...before, orderDate: "2026-01-07", deadline: "2026-02-01" } }).deadline).toBe("2026-02-01");
    expect(applyDateRules({ before: null, after: { ...none, offerDate: "2026-01-05", orderDate: "2026-01-07", deadline: "2026-02-01" } }).deadline).toBe("2026-02-01");
  });

  test("clearing the order date keeps the deadline and the status", () => {
    const before = state({ offerDate: "2026-01-05", orderDate: "2026-01-07", deadline: "2026-03-25", status: "ORDER_CONFIRMATION" });
    expect(applyDateRules({ before, after: { ...before, orderDate: null } })).toEqual({ status: "ORDER_CONFIRMATION", deadline: "2026-03-25", change: null });
  });

  test("automatic moves go forward only", () => {
    const before = state({ offerDate: "2026-01-05", orderDate: "2026-01-07", deadline: "2026-03-25", status: "PLANNED" });
    expect(applyDateRules({ before, after: { ...before, measurementDate: "2026-01-06" } }).status).toBe("PLANNED");
  });

  test("a manually set status is kept", () => {
    const before = state({ offerDate: "2026-01-05", status: "PRICE_OFFER", statusSetManually: true });
    const result = applyDateRules({ before, after: { ...before, orderDate: "2026-01-07" } });
    expect(result.status).toBe("PRICE_OFFER");
    expect(result.change).toBeNull();
    expect(result.deadline).toBe("2026-03-25");
  });

  test("a canceled order stays canceled", () => {
    const before = state({ offerDate: "2026-01-05", status: "CANCELED" });
    expect(applyDateRules({ before, after: { ...before, orderDate: "2026-01-07" } }).status).toBe("CANCELED");
  });

  test("an unchanged save changes nothing", () => {
    const before = state({ offerDate: "2026-01-05", measurementDate: "2026-01-06", status: "PRICE_OFFER" });
    expect(applyDateRules({ before, after: { ...before } }).change).toBeNull();
  });
});
