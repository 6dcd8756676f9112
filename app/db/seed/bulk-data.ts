/**
 * Word lists for bulk (load-test) products: plain values, combined in SQL by bulk.server.ts.
 * Keyed by the demo category and subcategory slugs (demo-data.ts).
 */

/** A kind of product and its price range in cents (generated prices end in ,99). */
export type BulkNoun = readonly [noun: string, minCents: number, maxCents: number];

export interface BulkSubcategoryWords {
  nouns: BulkNoun[];
}

export interface BulkCategoryWords {
  brands: [string, string, string];
  supplier: string;
  /** Whether products of this category get a colour. */
  colored: boolean;
  subcategories: Record<string, BulkSubcategoryWords>;
}

export const BULK_WORDS: Record<string, BulkCategoryWords> = {
  electronica: {
    brands: ["Nexa", "Sonora", "Visora"],
    supplier: "Electro Mayorista Ibérica S.A.",
    colored: true,
    subcategories: {
      moviles: {
        nouns: [
          ["Smartphone", 12900, 89900],
          ["Móvil libre", 9900, 59900],
          ["Teléfono senior", 2900, 9900],
          ["Funda para móvil", 900, 2900],
        ],
      },
      televisores: {
        nouns: [
          ["Televisor LED", 19900, 59900],
          ["Smart TV 4K", 34900, 149900],
          ["Televisor QLED", 49900, 199900],
          ["Soporte de pared para TV", 1900, 8900],
        ],
      },
      audio: {
        nouns: [
          ["Auriculares inalámbricos", 1900, 34900],
          ["Altavoz Bluetooth", 1900, 24900],
          ["Barra de sonido", 7900, 59900],
          ["Radio despertador", 1500, 5900],
        ],
      },
      fotografia: {
        nouns: [
          ["Cámara compacta", 9900, 59900],
          ["Objetivo zoom", 14900, 129900],
          ["Trípode de aluminio", 1900, 14900],
          ["Cámara deportiva", 4900, 44900],
        ],
      },
    },
  },
  informatica: {
    brands: ["Pixelia", "Voltia", "Teclea"],
    supplier: "Electro Mayorista Ibérica S.A.",
    colored: true,
    subcategories: {
      portatiles: {
        nouns: [
          ["Portátil", 39900, 149900],
          ["Portátil convertible", 49900, 169900],
          ["Chromebook", 24900, 59900],
          ["Portátil gaming", 89900, 249900],
        ],
      },
      componentes: {
        nouns: [
          ["Tarjeta gráfica", 19900, 99900],
          ["Memoria RAM", 2900, 19900],
          ["Fuente de alimentación", 4900, 19900],
          ["Placa base", 7900, 39900],
        ],
      },
      perifericos: {
        nouns: [
          ["Teclado mecánico", 3900, 19900],
          ["Ratón inalámbrico", 1200, 9900],
          ["Monitor", 9900, 79900],
          ["Webcam Full HD", 2500, 12900],
        ],
      },
      almacenamiento: {
        nouns: [
          ["Disco SSD", 3900, 29900],
          ["Disco duro externo", 5900, 24900],
          ["Memoria USB", 500, 4900],
          ["Tarjeta microSD", 700, 6900],
        ],
      },
    },
  },
  "hogar-y-cocina": {
    brands: ["Cocina Viva", "Kalma", "Ibérica Home"],
    supplier: "Distribuciones Levante S.L.",
    colored: true,
    subcategories: {
      "pequeno-electrodomestico": {
        nouns: [
          ["Freidora de aire", 4900, 24900],
          ["Cafetera de cápsulas", 4900, 19900],
          ["Batidora de vaso", 2900, 14900],
          ["Tostadora", 1900, 8900],
        ],
      },
      menaje: {
        nouns: [
          ["Sartén antiadherente", 1200, 6900],
          ["Olla a presión", 3900, 14900],
          ["Juego de cuchillos", 1900, 19900],
          ["Fuente para horno", 900, 3900],
        ],
      },
      decoracion: {
        nouns: [
          ["Lámpara de pie", 3900, 19900],
          ["Cojín decorativo", 900, 3900],
          ["Jarrón de cerámica", 1200, 6900],
          ["Reloj de pared", 1500, 7900],
        ],
      },
      limpieza: {
        nouns: [
          ["Robot aspirador", 14900, 89900],
          ["Aspiradora sin cable", 9900, 59900],
          ["Mopa de vapor", 4900, 14900],
          ["Limpiacristales eléctrico", 2900, 9900],
        ],
      },
    },
  },
  deportes: {
    brands: ["Trekka", "Andarín", "Cumbre"],
    supplier: "Deportes Norte Distribución S.L.",
    colored: true,
    subcategories: {
      ciclismo: {
        nouns: [
          ["Bicicleta de montaña", 29900, 249900],
          ["Casco de ciclismo", 2900, 14900],
          ["Luz LED para bicicleta", 1200, 6900],
          ["Bomba de pie", 1500, 5900],
        ],
      },
      running: {
        nouns: [
          ["Zapatillas de running", 4900, 19900],
          ["Camiseta técnica", 1200, 5900],
          ["Reloj GPS", 9900, 59900],
          ["Cinturón de hidratación", 1500, 4900],
        ],
      },
      fitness: {
        nouns: [
          ["Esterilla de yoga", 1200, 6900],
          ["Kettlebell", 1500, 8900],
          ["Banda elástica", 500, 2900],
          ["Banco de musculación", 7900, 39900],
        ],
      },
      montana: {
        nouns: [
          ["Mochila de trekking", 3900, 19900],
          ["Saco de dormir", 2900, 24900],
          ["Bastones de senderismo", 1900, 12900],
          ["Linterna frontal", 1200, 7900],
        ],
      },
    },
  },
  moda: {
    brands: ["Mareas", "Olivo", "Paso Firme"],
    supplier: "Textil Mediterráneo S.L.",
    colored: true,
    subcategories: {
      mujer: {
        nouns: [
          ["Vestido", 2900, 12900],
          ["Blusa", 1900, 6900],
          ["Falda plisada", 1900, 6900],
          ["Chaqueta de punto", 2900, 9900],
        ],
      },
      hombre: {
        nouns: [
          ["Camisa", 1900, 7900],
          ["Pantalón chino", 2500, 7900],
          ["Polo de algodón", 1900, 5900],
          ["Cazadora", 4900, 19900],
        ],
      },
      calzado: {
        nouns: [
          ["Zapatillas urbanas", 3900, 12900],
          ["Botines", 4900, 16900],
          ["Sandalias de piel", 2900, 9900],
          ["Mocasines", 4900, 14900],
        ],
      },
      complementos: {
        nouns: [
          ["Bolso", 2900, 19900],
          ["Cinturón de piel", 1500, 5900],
          ["Gafas de sol", 1500, 14900],
          ["Bufanda", 900, 4900],
        ],
      },
    },
  },
  libros: {
    brands: ["Ediciones Mirador", "Editorial Brisa", "Ediciones Lucero"],
    supplier: "Distribuidora de Libros Centro S.A.",
    colored: false,
    subcategories: {
      novela: {
        nouns: [
          ["Novela histórica", 1500, 2900],
          ["Novela negra", 1200, 2500],
          ["Novela romántica", 900, 2200],
          ["Novela de aventuras", 900, 2200],
        ],
      },
      clasicos: {
        nouns: [
          ["Clásico ilustrado", 1900, 4900],
          ["Antología de poesía", 900, 2900],
          ["Teatro del Siglo de Oro", 500, 1900],
          ["Clásico de bolsillo", 500, 1500],
        ],
      },
      "infantil-y-juvenil": {
        nouns: [
          ["Cuento ilustrado", 900, 2500],
          ["Libro de pegatinas", 500, 1200],
          ["Novela juvenil", 900, 1900],
          ["Libro de actividades", 500, 1500],
        ],
      },
      gastronomia: {
        nouns: [
          ["Libro de recetas", 1500, 3900],
          ["Guía de vinos", 1900, 4500],
          ["Recetario de repostería", 1500, 3500],
          ["Cocina vegetariana", 1500, 3500],
        ],
      },
    },
  },
  juguetes: {
    brands: ["Dado Rojo", "Bloquix", "Pequeñín"],
    supplier: "Juguetes Foia de Castalla S.L.",
    colored: true,
    subcategories: {
      "juegos-de-mesa": {
        nouns: [
          ["Juego de mesa", 1900, 6900],
          ["Puzle de 1000 piezas", 1200, 2900],
          ["Juego de cartas", 700, 2500],
          ["Juego de estrategia", 2900, 8900],
        ],
      },
      construccion: {
        nouns: [
          ["Set de construcción", 1900, 14900],
          ["Bloques magnéticos", 2500, 8900],
          ["Maqueta para montar", 1900, 9900],
          ["Kit de robótica", 3900, 14900],
        ],
      },
      "primera-infancia": {
        nouns: [
          ["Sonajero", 500, 1900],
          ["Peluche", 900, 4900],
          ["Libro de tela", 700, 2500],
          ["Cubos apilables", 700, 2500],
        ],
      },
      exterior: {
        nouns: [
          ["Patinete", 2500, 12900],
          ["Cometa", 700, 3900],
          ["Pelota de playa", 300, 1500],
          ["Pistola de agua", 500, 2900],
        ],
      },
    },
  },
  jardin: {
    brands: ["Verdea", "Brasa", "Terraza Sol"],
    supplier: "Suministros Verde Jardín S.L.",
    colored: true,
    subcategories: {
      "herramientas-de-jardin": {
        nouns: [
          ["Tijeras de podar", 900, 4900],
          ["Cortacésped", 9900, 69900],
          ["Soplador de hojas", 3900, 19900],
          ["Rastrillo", 900, 3900],
        ],
      },
      riego: {
        nouns: [
          ["Manguera", 1500, 6900],
          ["Aspersor oscilante", 900, 4900],
          ["Programador de riego", 2500, 8900],
          ["Regadera", 500, 2500],
        ],
      },
      "muebles-de-exterior": {
        nouns: [
          ["Tumbona", 3900, 24900],
          ["Silla plegable", 1500, 8900],
          ["Mesa de jardín", 7900, 49900],
          ["Sombrilla", 2900, 19900],
        ],
      },
      barbacoas: {
        nouns: [
          ["Barbacoa de carbón", 4900, 29900],
          ["Barbacoa de gas", 14900, 79900],
          ["Funda para barbacoa", 1500, 4900],
          ["Set de utensilios de barbacoa", 1500, 5900],
        ],
      },
    },
  },
  bricolaje: {
    brands: ["Fuerza", "Lumio", "Taller Turia"],
    supplier: "Ferretería Industrial Aragonesa S.A.",
    colored: true,
    subcategories: {
      "herramientas-electricas": {
        nouns: [
          ["Taladro inalámbrico", 4900, 24900],
          ["Sierra de calar", 3900, 19900],
          ["Lijadora orbital", 2900, 14900],
          ["Atornillador", 2900, 12900],
        ],
      },
      "herramientas-manuales": {
        nouns: [
          ["Juego de llaves", 1500, 8900],
          ["Martillo de carpintero", 700, 2900],
          ["Nivel de burbuja", 700, 3900],
          ["Caja de herramientas", 1500, 7900],
        ],
      },
      iluminacion: {
        nouns: [
          ["Bombilla LED", 300, 2900],
          ["Tira LED", 900, 4900],
          ["Foco solar", 1200, 5900],
          ["Regleta con USB", 900, 3900],
        ],
      },
    },
  },
};

export const BULK_MODELS = [
  "",
  " Pro",
  " Plus",
  " Lite",
  " Max",
  " Eco",
  " Compact",
  " Edición 2026",
  " Classic",
  " Sport",
];

export const BULK_COLORS = [
  "Negro",
  "Blanco",
  "Gris",
  "Azul marino",
  "Rojo",
  "Verde oliva",
  "Beige",
  "Plata",
  "Rosa palo",
  "Mostaza",
];

export const BULK_SENTENCES_A = [
  "Diseño práctico y materiales duraderos pensados para el uso diario.",
  "Una opción con muy buena relación calidad-precio.",
  "Fabricado con materiales resistentes y acabados cuidados.",
  "Ligero, fácil de usar y de guardar.",
  "Uno de los productos más vendidos de su categoría.",
  "Pensado para quienes buscan fiabilidad sin complicaciones.",
];

export const BULK_SENTENCES_B = [
  "Incluye instrucciones en español.",
  "Se entrega bien embalado y listo para usar.",
  "Consulta la ficha técnica para ver todas sus características.",
  "Ideal también como regalo.",
  "Disponible en varias versiones y colores.",
  "Recomendado por nuestros clientes.",
];
