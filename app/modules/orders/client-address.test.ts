import { describe, expect, it } from "vitest";
import { addressBlock } from "./client-address";

describe("addressBlock", () => {
  it("counts an IPv4 address by itself, however it is written", () => {
    expect(addressBlock("192.0.2.7")).toBe("192.0.2.7");
    expect(addressBlock("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressBlock("192.0.2.8")).not.toBe(addressBlock("192.0.2.7"));
  });

  it("counts an IPv6 address by its /64: rotating the last 64 bits changes nothing", () => {
    const block = "2001:db8:1:2::/64";
    expect(addressBlock("2001:db8:1:2::1")).toBe(block);
    expect(addressBlock("2001:0db8:0001:0002:ffff:1:2:3")).toBe(block);
    expect(addressBlock("2001:DB8:1:2:a:b:c:d%eth0")).toBe(block);
    expect(addressBlock("2001:db8:1:3::1")).not.toBe(block);
    expect(addressBlock("::1")).toBe("0:0:0:0::/64");
  });
});
