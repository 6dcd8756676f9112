import { describe, expect, it } from "vitest";
import { carriesOnlySessionCookies, carriesShopCookie } from "./shop-cookie";

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

describe("carriesOnlySessionCookies", () => {
  it("accepts a session's cookies beside other sites' ones", () => {
    expect(carriesOnlySessionCookies("__Secure-tienda.session_token=x")).toBe(true);
    expect(carriesOnlySessionCookies("_ga=1; tienda.session_token=x; tienda.dont_remember=y")).toBe(
      true,
    );
  });

  it("refuses a request with any other shop cookie, or without a session", () => {
    expect(carriesOnlySessionCookies("tienda.session_token=x; tienda_toast=t")).toBe(false);
    expect(carriesOnlySessionCookies("__Secure-tienda.session_token=x; tienda_cart=c")).toBe(false);
    expect(carriesOnlySessionCookies("tienda.dont_remember=y")).toBe(false);
    expect(carriesOnlySessionCookies("_ga=1")).toBe(false);
    expect(carriesOnlySessionCookies(undefined)).toBe(false);
  });
});
