/**
 * The block of addresses one client is counted by (ADR 0043): an IPv4 address itself, and an
 * IPv6 address's /64, since one connection is usually given a whole /64 to pick addresses from.
 * An IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
 */
export function addressBlock(ip: string): string {
  const address = ip.split("%")[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(missing, 0)).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((group) => parseInt(group || "0", 16).toString(16));
  return `${prefix.join(":")}::/64`;
}
