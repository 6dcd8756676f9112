import { describe, expect, it } from "vitest";
import { carriesShopCookie } from "./shop-cookie";

describe("carriesShopCookie", () => {
  it("finds the shop's cookies, with or without a secure prefix", () => {
    expect(carriesShopCookie("tienda_cart=abc")).toBe(true);
    expect(carriesShopCookie("_ga=1; __Secure-tienda.session_token=x")).toBe(true);
    expect(carriesShopCookie("__Host-tienda_toast=y;other=1")).toBe(true);
  });

  it("ignores other sites' cookies and empty headers", () => {
    expect(carriesShopCookie(undefined)).toBe(false);
    expect(carriesShopCookie(null)).toBe(false);
    expect(carriesShopCookie("")).toBe(false);
    expect(carriesShopCookie("_ga=1; theme=tienda")).toBe(false);
    expect(carriesShopCookie("__Secure-other=tienda")).toBe(false);
  });
});
