import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { REVIEW_COMMENT_TOO_LONG_MESSAGE, REVIEW_INCOMPLETE_MESSAGE } from "./constants";
import { deleteReviewSchema, reviewSchema } from "./schemas";

/** The form as the browser sends it, parsed the way the action parses it. */
function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema: reviewSchema });
}

function errorsOf(submission: ReturnType<typeof submit>) {
  return Object.values(submission.reply().error ?? {}).flat();
}

describe("reviewSchema", () => {
  it("accepts a rating of 1 to 5 and trims the comment", () => {
    for (const rating of ["1", "3", "5"]) {
      const submission = submit({ rating, comment: "  Muy buen servicio.  " });
      expect(submission.status).toBe("success");
      if (submission.status === "success") {
        expect(submission.value).toEqual({ rating: Number(rating), comment: "Muy buen servicio." });
      }
    }
  });

  it.each([
    ["a missing rating", { comment: "Todo bien." }],
    ["a rating of 0", { rating: "0", comment: "Todo bien." }],
    ["a rating of 6", { rating: "6", comment: "Todo bien." }],
    ["a fractional rating", { rating: "4.5", comment: "Todo bien." }],
    ["a rating that is not a number", { rating: "cinco", comment: "Todo bien." }],
    ["a missing comment", { rating: "4" }],
    ["a blank comment", { rating: "4", comment: "   \n\t " }],
    ["neither", {}],
  ])("refuses %s with the spec's message", (_, fields: Record<string, string>) => {
    const submission = submit(fields);
    expect(submission.status).toBe("error");
    expect(new Set(errorsOf(submission))).toEqual(new Set([REVIEW_INCOMPLETE_MESSAGE]));
  });

  it("limits the comment to 2000 characters after trimming", () => {
    expect(submit({ rating: "5", comment: ` ${"a".repeat(2000)} ` }).status).toBe("success");
    const tooLong = submit({ rating: "5", comment: "a".repeat(2001) });
    expect(errorsOf(tooLong)).toEqual([REVIEW_COMMENT_TOO_LONG_MESSAGE]);
    expect(REVIEW_COMMENT_TOO_LONG_MESSAGE).toBe(
      "El comentario no puede superar los 2000 caracteres.",
    );
  });

  it("says the spec's sentence", () => {
    expect(REVIEW_INCOMPLETE_MESSAGE).toBe("Por favor, completa la valoración y el comentario.");
  });
});

describe("deleteReviewSchema", () => {
  it("needs a positive integer id", () => {
    expect(deleteReviewSchema.safeParse({ reviewId: "12" }).data).toEqual({ reviewId: 12 });
    for (const reviewId of ["", "0", "-3", "1.5", "abc", undefined]) {
      expect(deleteReviewSchema.safeParse({ reviewId }).success).toBe(false);
    }
  });
});
