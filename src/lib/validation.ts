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

/** Validates `input`; on failure throws AppError.invalid with one translated-key message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, Message> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.length ? issue.path.join(".") : "_";
    if (!fields[name]) fields[name] = issueToMessage(issue);
  }
  throw AppError.invalid(fields);
}
