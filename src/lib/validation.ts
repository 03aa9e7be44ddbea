import type { z } from "zod";
import { AppError, type Message } from "./errors";

const keyPattern = /^[A-Za-z_]+(\.[A-Za-z_]+)+$/;

function issueToMessage(issue: z.core.$ZodIssue): Message {
  if (keyPattern.test(issue.message)) {
    const params = (issue as { params?: Record<string, unknown> }).params ?? {};
    const values: Record<string, unknown> = { ...params };
    if (issue.code === "too_big") values.max = issue.maximum;
    if (issue.code === "too_small") values.min = issue.minimum;
    return { key: issue.message, values };
  }
  switch (issue.code) {
    case "invalid_type":
      return { key: issue.message.includes("received undefined") ? "validation.required" : "validation.invalid" };
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) <= 1
        ? { key: "validation.required" }
        : { key: issue.origin === "string" ? "validation.minLength" : "validation.min", values: { min: issue.minimum } };
    case "too_big":
      return { key: issue.origin === "string" ? "validation.maxLength" : "validation.max", values: { max: issue.maximum } };
    case "invalid_format":
      return { key: issue.format === "email" ? "validation.email" : issue.format === "url" ? "validation.url" : "validation.invalid" };
    default:
      return { key: "validation.invalid" };
  }
}

/**
 * How a field's path is named: `lines.2.name` (dots, the default) or `items[2].height` (brackets,
 * for bodies whose list rows a client marks one by one, such as the order items tab).
 */
export type PathStyle = "dots" | "brackets";

export function fieldName(path: readonly PropertyKey[], style: PathStyle = "dots"): string {
  if (!path.length) return "_";
  if (style === "dots") return path.map(String).join(".");
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join("");
}

/** The first message of each field among zod's issues, each path under `prefix` (named in `style`). */
export function issueFields(issues: readonly z.core.$ZodIssue[], options: { style?: PathStyle; prefix?: readonly PropertyKey[] } = {}): Record<string, Message> {
  const fields: Record<string, Message> = {};
  for (const issue of issues) {
    const name = fieldName([...(options.prefix ?? []), ...issue.path], options.style);
    if (!fields[name]) fields[name] = issueToMessage(issue);
  }
  return fields;
}

/** Validates `input`; on failure throws AppError.invalid with one translated-key message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, options: { paths?: PathStyle } = {}): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw AppError.invalid(issueFields(result.error.issues, { style: options.paths }));
}
