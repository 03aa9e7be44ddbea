import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { AppError } from "./errors";
import { parseInput } from "./validation";
import {
  booleanField,
  dateField,
  decimalField,
  emailField,
  httpUrlField,
  integerField,
  listQuerySchema,
  optionalRefId,
  refId,
  refIdList,
  requiredBoolean,
  requiredText,
} from "./zod-fields";

const fieldError = (schema: z.ZodType, value: unknown) => {
  try {
    parseInput(z.object({ value: schema }), { value });
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.fields.value ?? null;
  }
};

describe("shared field schemas", () => {
  test("required text trims and refuses blanks", () => {
    expect(parseInput(z.object({ v: requiredText() }), { v: "  Plot  " }).v).toBe("Plot");
    expect(fieldError(requiredText(), "   ")?.key).toBe("validation.required");
    expect(fieldError(requiredText(), undefined)?.key).toBe("validation.required");
    expect(fieldError(requiredText(5), "123456")).toEqual({ key: "validation.maxLength", values: { max: 5 } });
  });

  test("decimals take a comma, a point or a number and check range and places", () => {
    const rate = decimalField({ min: 0, max: 100, places: 2 });
    expect(parseInput(z.object({ v: rate }), { v: "10,5" }).v).toBe(10.5);
    expect(parseInput(z.object({ v: rate }), { v: "1 0,25" }).v).toBe(10.25);
    expect(parseInput(z.object({ v: rate }), { v: 21 }).v).toBe(21);
    expect(fieldError(rate, "")?.key).toBe("validation.required");
    expect(fieldError(rate, "abc")?.key).toBe("validation.number");
    expect(fieldError(rate, "-1")).toEqual({ key: "validation.min", values: { min: 0 } });
    expect(fieldError(rate, 100.01)).toEqual({ key: "validation.max", values: { max: 100 } });
    expect(fieldError(rate, "1,234")).toEqual({ key: "validation.decimalPlaces", values: { count: 2 } });
  });

  test("integers, booleans, references and dates", () => {
    expect(parseInput(z.object({ v: integerField({ min: 1 }) }), { v: " 7 " }).v).toBe(7);
    expect(fieldError(integerField(), "7.5")?.key).toBe("validation.integer");
    expect(parseInput(z.object({ v: booleanField(true) }), {}).v).toBe(true);
    expect(parseInput(z.object({ v: booleanField() }), { v: "on" }).v).toBe(true);
    expect(parseInput(z.object({ v: booleanField() }), { v: false }).v).toBe(false);
    expect(parseInput(z.object({ v: booleanField(true) }), { v: "0" }).v).toBe(false);
    expect(parseInput(z.object({ v: booleanField(true) }), { v: "False" }).v).toBe(false);
    expect(fieldError(booleanField(), "maybe")?.key).toBe("validation.invalid");
    expect(fieldError(booleanField(), 1)?.key).toBe("validation.invalid");
    expect(fieldError(requiredBoolean(), "")?.key).toBe("validation.required");
    expect(parseInput(z.object({ v: requiredBoolean() }), { v: "false" }).v).toBe(false);
    expect(parseInput(z.object({ v: refId() }), { v: { id: 4, name: "x" } }).v).toBe(4);
    expect(parseInput(z.object({ v: refId() }), { v: "12" }).v).toBe(12);
    expect(fieldError(refId(), null)?.key).toBe("validation.required");
    expect(parseInput(z.object({ v: dateField() }), { v: "7.3.2026" }).v).toBe("2026-03-07");
    expect(parseInput(z.object({ v: dateField() }), { v: "2026-03-07" }).v).toBe("2026-03-07");
    // A date in the right format that no calendar has is told so, not to use the format it used.
    expect(fieldError(dateField(), "31.02.2026")?.key).toBe("validation.noSuchDate");
    expect(fieldError(dateField(), "2026-02-29")?.key).toBe("validation.noSuchDate");
    expect(fieldError(dateField(), "0.13.2026")?.key).toBe("validation.noSuchDate");
    expect(parseInput(z.object({ v: dateField() }), { v: "29.2.2028" }).v).toBe("2028-02-29");
    expect(fieldError(dateField(), "31/02/2026")?.key).toBe("validation.date");
  });

  test("no text takes a NUL, which PostgreSQL cannot store", () => {
    for (const schema of [requiredText(), emailField(), httpUrlField()]) expect(fieldError(schema, "a\u0000b")?.key).toBe("validation.nul");
  });

  test("a page size beyond the list's limit reads as the limit; one that is no number as the default", () => {
    expect(listQuerySchema().parse({ size: "501" }).size).toBe(500);
    expect(listQuerySchema(9999).parse({ size: "9999" }).size).toBe(9999);
    expect(listQuerySchema().parse({ size: "-4" }).size).toBe(20);
  });

  test("emails and web addresses", () => {
    expect(fieldError(emailField(), "jana@firma.cz")).toBeNull();
    expect(fieldError(emailField(), "jana@")?.key).toBe("validation.email");
    expect(fieldError(httpUrlField(), "https://www.ploty.cz")).toBeNull();
    expect(fieldError(httpUrlField(), "ftp://ploty.cz")?.key).toBe("validation.url");
    expect(fieldError(httpUrlField(), "https://localhost")?.key).toBe("validation.url");
    expect(fieldError(httpUrlField(), "ploty")?.key).toBe("validation.url");
  });
});

describe("references", () => {
  test("an optional reference reads a blank select as none", () => {
    const schema = z.object({ v: optionalRefId() });
    expect(parseInput(schema, { v: "" }).v).toBeNull();
    expect(parseInput(schema, {}).v).toBeUndefined();
    expect(parseInput(schema, { v: { id: 3 } }).v).toBe(3);
  });

  test("a list of references takes ids, strings, objects or one value, without repeats", () => {
    const schema = z.object({ v: refIdList() });
    expect(parseInput(schema, { v: [1, "2", { id: 3 }, 2] }).v).toEqual([1, 2, 3]);
    expect(parseInput(schema, { v: "7" }).v).toEqual([7]);
    expect(parseInput(schema, {}).v).toEqual([]);
    expect(fieldError(refIdList({ min: 1 }), [])?.key).toBe("validation.required");
  });
});

test("a value of the wrong kind is invalid, not missing", () => {
  expect(fieldError(requiredText(), 42)?.key).toBe("validation.invalid");
  expect(fieldError(refId(), "abc")?.key).toBe("validation.invalid");
  expect(fieldError(refId(), undefined)?.key).toBe("validation.required");
});
