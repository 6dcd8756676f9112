import { describe, expect, it } from "vitest";
import {
  invoiceExportHref,
  parseAdminInvoiceFilters,
  parseQuarter,
  pendingInvoicesIssuedText,
  quarterDays,
} from "./admin-invoices";

describe("/admin/facturas parameters", () => {
  it("defaults to the current Madrid quarter and reads a chosen one", () => {
    const none = new URLSearchParams();
    expect(parseQuarter(none, "2026-11-27")).toEqual({
      year: 2026,
      quarter: "4",
      from: "2026-10-01",
      to: "2026-12-31",
    });
    expect(parseQuarter(new URLSearchParams("anio=2024&trimestre=1"), "2026-11-27")).toEqual({
      year: 2024,
      quarter: "1",
      from: "2024-01-01",
      to: "2024-03-31",
    });
    // A hand-edited link falls back to the current quarter.
    expect(parseQuarter(new URLSearchParams("anio=abc&trimestre=7"), "2026-05-02")).toMatchObject({
      year: 2026,
      quarter: "2",
    });
    expect(quarterDays(2028, "1").to).toBe("2028-03-31");
    expect(quarterDays(2026, "3")).toEqual({ from: "2026-07-01", to: "2026-09-30" });
  });

  it("a year no invoice can have falls back to the current one (no 500 on ?anio=0000)", () => {
    for (const year of ["0000", "1999", "2028", "abcd", "20266"]) {
      expect(
        parseQuarter(new URLSearchParams(`anio=${year}&trimestre=2`), "2026-11-27"),
        year,
      ).toMatchObject({ year: 2026, quarter: "2", from: "2026-04-01", to: "2026-06-30" });
    }
    expect(parseQuarter(new URLSearchParams("anio=2027"), "2026-11-27").year).toBe(2027);
  });

  it("keeps the list's search and real days in the export link", () => {
    const filters = parseAdminInvoiceFilters(
      new URLSearchParams("q=  Lucía &desde=2026-01-01&hasta=2026-02-31"),
    );
    expect(filters).toEqual({ search: "Lucía", from: "2026-01-01", to: undefined });
    expect(invoiceExportHref(filters)).toBe(
      "/admin/facturas/exportar?q=Luc%C3%ADa&desde=2026-01-01",
    );
    expect(invoiceExportHref({ search: "", from: undefined, to: undefined })).toBe(
      "/admin/facturas/exportar",
    );
  });

  it("says how many waiting invoices were issued", () => {
    expect(pendingInvoicesIssuedText(1)).toBe("Emitida 1 factura pendiente.");
    expect(pendingInvoicesIssuedText(3)).toBe("Emitidas 3 facturas pendientes.");
  });
});
