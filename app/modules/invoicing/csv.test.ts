import { describe, expect, it } from "vitest";
import { csvAmount, csvDate, csvField, csvRate, toCsv } from "./csv";

describe("the accountant's CSV", () => {
  it("starts with a BOM, separates with ; and ends lines with CRLF", () => {
    expect(toCsv(["Número", "Total"], [["F2026-000001", csvAmount(1234)]])).toBe(
      "\uFEFFNúmero;Total\r\nF2026-000001;12,34\r\n",
    );
  });

  it("quotes fields holding the separator, quotes or line breaks (RFC 4180)", () => {
    expect(csvField("Calle Mayor; 1")).toBe('"Calle Mayor; 1"');
    expect(csvField('Tienda "La Nave"')).toBe('"Tienda ""La Nave"""');
    expect(csvField("línea 1\nlínea 2")).toBe('"línea 1\nlínea 2"');
    expect(csvField("Sin comillas, con coma")).toBe("Sin comillas, con coma");
    expect(csvField(null)).toBe("");
  });

  it("never lets a typed text become a formula, but keeps negative amounts numbers", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField("+34 600")).toBe("'+34 600");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField(csvAmount(-1250))).toBe("-12,50");
  });

  it("writes amounts with a decimal comma, rates as numbers and dates as dd/mm/yyyy", () => {
    expect(csvAmount(0)).toBe("0,00");
    expect(csvAmount(5)).toBe("0,05");
    expect(csvAmount(-5)).toBe("-0,05");
    expect(csvAmount(123456789)).toBe("1234567,89");
    expect(csvRate(2100)).toBe("21");
    expect(csvRate(550)).toBe("5,5");
    expect(csvDate("2026-03-31")).toBe("31/03/2026");
    expect(csvDate(null)).toBe("");
  });
});
