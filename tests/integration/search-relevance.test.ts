import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { unescapeHtml } from "../helpers/html";
import { startServer, type TestServer } from "../helpers/server";

/*
 * Search relevance on the demo catalogue, through the search page (/productos/todos?q=…) as a
 * shopper uses it: for each query, the product that must come first, and for some, products
 * that only match by a passing mention, which must never come above the real matches, or that
 * must not match at all: a word that merely starts like the stem of a whole word typed ("duro"
 * → "dur", which starts "durante"; ADR 0041).
 */
let server: TestServer;
let client: BrowserClient;
beforeAll(async () => {
  server = await startServer({ seed: true });
  client = new BrowserClient(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const names = new Set(DEMO_PRODUCTS.map((p) => p.name));
const product = (name: string) => {
  if (!names.has(name)) throw new Error(`not a demo product: ${name}`);
  return name;
};

interface Case {
  query: string;
  /** The product that must be first (or one of these, when they tie). */
  first: string | string[];
  /** Real matches: each must be shown, above every product of `below`. */
  above?: string[];
  /** Weaker matches, never above `above` (they may be absent). */
  below?: string[];
  /** Not matches: never shown. */
  absent?: string[];
}

const CAMERAS = [
  product("Cámara réflex Óptica D750 con objetivo 18-55 mm"),
  product("Cámara deportiva Óptica Aventura 4K"),
];
const LAPTOPS = [
  product("Portátil gaming Pixelia Fury 16 RTX 4060"),
  product("Portátil Pixelia Book 15 Pro reacondicionado (i7, 16 GB, 1 TB)"),
  product("Portátil Pixelia Book 14 (i5, 16 GB, 512 GB SSD)"),
];

const CASES: Case[] = [
  {
    query: "cámara",
    first: CAMERAS,
    // The phone's description says "Triple cámara": a real (stem) match.
    above: [...CAMERAS, product("Smartphone Nexa X12 128 GB")],
    // "cámara" stems to "cam", which starts "camisa" and "campaña": not what was typed.
    absent: [
      product("Camisa Oxford de hombre Olivo"),
      product("Tienda de campaña Cumbre Lite 3 personas (usada)"),
    ],
  },
  {
    query: "CAMARA",
    first: CAMERAS,
    above: CAMERAS,
    below: [product("Camisa Oxford de hombre Olivo")],
  },
  { query: "cámara réflex", first: CAMERAS[0]! },
  { query: "camara deportiva", first: CAMERAS[1]! },
  {
    query: "portátil",
    first: LAPTOPS,
    above: LAPTOPS,
    below: [
      product("Auriculares inalámbricos Sonora Aire Pro"),
      product("Altavoz Bluetooth Sonora Mini resistente al agua"),
    ],
  },
  { query: "portátil gaming", first: LAPTOPS[0]! },
  // Half-typed words: the start of a word of the catalogue.
  { query: "portát", first: LAPTOPS, above: LAPTOPS },
  { query: "televiso", first: product('Televisor Visora 55" 4K QLED Smart TV') },
  {
    query: "zapatil",
    first: [
      product("Zapatillas de running Andarín Pulso 3"),
      product("Zapatillas urbanas de piel Paso Firme"),
    ],
  },
  {
    // "dura" (the mouse's description: "su batería … dura hasta 70 días") is the same word;
    // "durante" and "duradera" only start like its stem.
    query: "duro",
    first: [
      product("Ratón inalámbrico ergonómico Teclea Vertical"),
      product("Portátil Pixelia Book 14 (i5, 16 GB, 512 GB SSD)"),
    ],
    above: [product("Ratón inalámbrico ergonómico Teclea Vertical")],
    absent: [
      product("Zapatillas de running Andarín Pulso 3"),
      product("Zapatillas urbanas de piel Paso Firme"),
      product("El faro de las mareas, de Inés Calvo"),
    ],
  },
  {
    // A typo corrected to «duro» (the trigram fallback), which then matches as «duro» does.
    query: "durro",
    first: [
      product("Ratón inalámbrico ergonómico Teclea Vertical"),
      product("Portátil Pixelia Book 14 (i5, 16 GB, 512 GB SSD)"),
    ],
    absent: [
      product("Zapatillas de running Andarín Pulso 3"),
      product("Zapatillas urbanas de piel Paso Firme"),
      product("El faro de las mareas, de Inés Calvo"),
    ],
  },
  // Not a word of the catalogue, so half-typed: its stem, "inox", is a prefix ("inoxidable" is
  // stored as "inoxid", shorter than what was typed).
  { query: "inoxida", first: product("Batería de cocina de acero inoxidable 8 piezas") },
  // A typo: the trigram fallback.
  { query: "portatl", first: LAPTOPS },
  { query: "auriculres", first: product("Auriculares inalámbricos Sonora Aire Pro") },
  { query: "smartphone lumio", first: product("Smartphone Lumio S5 Lite 64 GB") },
  { query: "televisor 55", first: product('Televisor Visora 55" 4K QLED Smart TV') },
  { query: "zapatillas running", first: product("Zapatillas de running Andarín Pulso 3") },
  {
    query: "bicicleta",
    first: [
      product('Bicicleta de montaña Trekka Sierra 29"'),
      product("Bicicleta de carretera Trekka Asfalto (usada)"),
    ],
    above: [
      product('Bicicleta de montaña Trekka Sierra 29"'),
      product("Bicicleta de carretera Trekka Asfalto (usada)"),
    ],
    // Its description mentions a bicycle mount.
    below: [CAMERAS[1]!],
  },
  { query: "bicicleta montaña", first: product('Bicicleta de montaña Trekka Sierra 29"') },
  { query: "juego de mesa familiar", first: product("Juego de mesa familiar Saber y Reír") },
  { query: "cafetera", first: product("Cafetera superautomática Cocina Viva Barista") },
  { query: "sartén", first: product("Sartén antiadherente de aluminio forjado 28 cm") },
  { query: "camisa", first: product("Camisa Oxford de hombre Olivo") },
  { query: "tarjeta gráfica", first: product("Tarjeta gráfica Voltia RTX 4060 8 GB") },
  { query: "quijote", first: product("Don Quijote de la Mancha (edición ilustrada)") },
  { query: "cortacésped", first: product("Cortacésped eléctrico Verdea 1600 W") },
  { query: "robot aspirador", first: product("Robot aspirador Kalma R7 con mapeo láser") },
  // An exact reference (SKU) comes first.
  { query: "HOG-PEQ-021", first: product("Freidora de aire Cocina Viva 5,5 L") },
];

/** Product names of the search page, in the order shown. */
async function search(query: string): Promise<string[]> {
  const response = await client.get(`/productos/todos?q=${encodeURIComponent(query)}`);
  expect(response.status, query).toBe(200);
  const html = unescapeHtml(await response.text());
  return [...html.matchAll(/<h3[^>]*>\s*<a [^>]*href="\/productos\/[^"]+"[^>]*>([^<]+)<\/a>/g)].map(
    (m) => m[1]!,
  );
}

describe("search relevance on the demo catalogue", () => {
  it("has at least 20 queries", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(CASES)("«$query»", async ({ query, first, above = [], below = [], absent = [] }) => {
    const shown = await search(query);
    expect(shown.length, query).toBeGreaterThan(0);
    expect([first].flat(), `${query}: first of ${shown.join(" | ")}`).toContain(shown[0]);
    for (const real of above) {
      const at = shown.indexOf(real);
      expect(at, `${query}: ${real} shown`).toBeGreaterThanOrEqual(0);
      for (const weak of below) {
        const weakAt = shown.indexOf(weak);
        if (weakAt >= 0) expect(weakAt, `${query}: ${weak} below ${real}`).toBeGreaterThan(at);
      }
    }
    for (const stranger of absent)
      expect(shown, `${query}: ${stranger} not shown`).not.toContain(stranger);
  });
});
