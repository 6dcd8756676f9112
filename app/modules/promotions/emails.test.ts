import { describe, expect, it } from "vitest";
import { promotionEmail } from "./emails";

describe("promotionEmail", () => {
  const mail = promotionEmail({
    siteName: "Tienda",
    siteUrl: "https://tienda.example/",
    sender: { legalName: "", nif: "", address: "", registry: "", phone: "", contactEmail: null },
    title: "Rebajas <b>ya</b>",
    body: "Primer párrafo\nque sigue.\n\n<script>alert(1)</script>",
    unsubscribeUrl: "https://tienda.example/newsletter/baja?token=abc.def",
  });

  it("carries RFC 8058 one-click unsubscribe headers and the link in both parts", () => {
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://tienda.example/newsletter/baja?token=abc.def>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain("https://tienda.example/newsletter/baja?token=abc.def");
    expect(mail.html).toContain('href="https://tienda.example/newsletter/baja?token=abc.def"');
  });

  it("uses the title as subject, joins lines into paragraphs and escapes the admin's text", () => {
    expect(mail.subject).toBe("Rebajas <b>ya</b>");
    expect(mail.text).toContain("Primer párrafo que sigue.");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
