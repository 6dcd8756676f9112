import { describe, expect, it } from "vitest";
import { carriesOnlySessionCookies, carriesShopCookie, readCookie } from "./shop-cookie";

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

  it("ignores the known-device cookie: a signed-out browser keeps the shared page cache", () => {
    expect(carriesShopCookie("tienda_device=v1.x; _ga=1")).toBe(false);
    expect(carriesShopCookie("tienda_device=v1.x; tienda_cart=c")).toBe(true);
    expect(carriesOnlySessionCookies("tienda.session_token=x; tienda_device=v1.x")).toBe(true);
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

describe("readCookie", () => {
  it("reads the first cookie of that name, URL-decoded", () => {
    expect(
      readCookie(
        "a=1; tienda.session_token=abc.d%2Be%3D; tienda.session_token=x",
        "tienda.session_token",
      ),
    ).toBe("abc.d+e=");
    expect(readCookie('b="quoted"', "b")).toBe("quoted");
    expect(readCookie("bad=%E0%A4%A", "bad")).toBe("%E0%A4%A");
  });

  it("gives null when the cookie is absent", () => {
    expect(readCookie("tienda.session_token_x=1", "tienda.session_token")).toBeNull();
    expect(readCookie(undefined, "a")).toBeNull();
  });
});
