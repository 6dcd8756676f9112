/**
 * Demo data of a general store in Spain: plain values, no database code (see demo.server.ts).
 * Prices are integer cents including IVA. Brands and suppliers are fictitious; links use the
 * reserved `.example` domain and e-mails the reserved `.local` one.
 */

export type ProductConditionValue = "new" | "used" | "refurbished";
export type MarketplaceConditionValue =
  "excellent" | "very_good" | "good" | "acceptable" | "needs_repair" | "for_parts";
export type ServicePriceTypeValue = "per_service" | "per_hour" | "monthly_subscription";
export type ImageShape = "circle" | "square" | "triangle" | "hexagon" | "diamond" | "rings";

export interface DemoSubcategory {
  name: string;
  slug: string;
  description: string;
}

export interface DemoCategory {
  name: string;
  slug: string;
  description: string;
  /** Three-letter code used in SKUs. */
  code: string;
  /** Gradient of the generated placeholder images. */
  colors: readonly [string, string];
  shape: ImageShape;
  subcategories: DemoSubcategory[];
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: "Electrónica",
    slug: "electronica",
    description:
      "Móviles, televisores, sonido y fotografía de las mejores marcas, con envío en 24/48 horas.",
    code: "ELE",
    colors: ["#1e3a8a", "#38bdf8"],
    shape: "circle",
    subcategories: [
      {
        name: "Móviles y smartphones",
        slug: "moviles",
        description: "Smartphones libres, nuevos y reacondicionados.",
      },
      {
        name: "Televisores",
        slug: "televisores",
        description: "Smart TV 4K, QLED y Full HD para todos los salones.",
      },
      {
        name: "Audio y sonido",
        slug: "audio",
        description: "Auriculares, altavoces y barras de sonido.",
      },
      {
        name: "Fotografía y vídeo",
        slug: "fotografia",
        description: "Cámaras, objetivos y cámaras deportivas.",
      },
    ],
  },
  {
    name: "Informática",
    slug: "informatica",
    description: "Portátiles, componentes y periféricos para trabajar, estudiar y jugar.",
    code: "INF",
    colors: ["#312e81", "#a78bfa"],
    shape: "square",
    subcategories: [
      {
        name: "Portátiles",
        slug: "portatiles",
        description: "Portátiles para oficina, estudio y gaming.",
      },
      {
        name: "Componentes",
        slug: "componentes",
        description: "Tarjetas gráficas, memoria y todo para montar tu PC.",
      },
      { name: "Periféricos", slug: "perifericos", description: "Monitores, teclados y ratones." },
      {
        name: "Almacenamiento",
        slug: "almacenamiento",
        description: "Discos SSD, discos externos y memorias.",
      },
    ],
  },
  {
    name: "Hogar y cocina",
    slug: "hogar-y-cocina",
    description: "Pequeño electrodoméstico, menaje y decoración para hacer tu casa más cómoda.",
    code: "HOG",
    colors: ["#9a3412", "#fdba74"],
    shape: "hexagon",
    subcategories: [
      {
        name: "Pequeño electrodoméstico",
        slug: "pequeno-electrodomestico",
        description: "Freidoras de aire, cafeteras y robots de cocina.",
      },
      {
        name: "Menaje y cocina",
        slug: "menaje",
        description: "Sartenes, baterías de cocina y cristalería.",
      },
      {
        name: "Decoración",
        slug: "decoracion",
        description: "Lámparas, espejos y detalles para cada rincón.",
      },
      {
        name: "Limpieza del hogar",
        slug: "limpieza",
        description: "Robots aspiradores y aspiradoras sin cable.",
      },
    ],
  },
  {
    name: "Deportes",
    slug: "deportes",
    description:
      "Ciclismo, running, fitness y montaña: equipación para entrenar y disfrutar al aire libre.",
    code: "DEP",
    colors: ["#065f46", "#6ee7b7"],
    shape: "triangle",
    subcategories: [
      {
        name: "Ciclismo",
        slug: "ciclismo",
        description: "Bicicletas de montaña, carretera y accesorios.",
      },
      { name: "Running", slug: "running", description: "Zapatillas, relojes GPS y ropa técnica." },
      {
        name: "Fitness",
        slug: "fitness",
        description: "Mancuernas, esterillas y material para entrenar en casa.",
      },
      {
        name: "Montaña y camping",
        slug: "montana",
        description: "Mochilas, tiendas de campaña y senderismo.",
      },
    ],
  },
  {
    name: "Moda",
    slug: "moda",
    description:
      "Ropa, calzado y complementos de mujer y hombre, con diseño y fabricación nacional.",
    code: "MOD",
    colors: ["#831843", "#f9a8d4"],
    shape: "diamond",
    subcategories: [
      { name: "Mujer", slug: "mujer", description: "Vestidos, chaquetas y prendas de temporada." },
      { name: "Hombre", slug: "hombre", description: "Camisas, jerséis y básicos de calidad." },
      {
        name: "Calzado",
        slug: "calzado",
        description: "Zapatillas y botines de piel fabricados en España.",
      },
      {
        name: "Complementos",
        slug: "complementos",
        description: "Bolsos, gafas de sol y accesorios.",
      },
    ],
  },
  {
    name: "Libros",
    slug: "libros",
    description: "Novedades, clásicos de la literatura española, libros infantiles y de cocina.",
    code: "LIB",
    colors: ["#78350f", "#fcd34d"],
    shape: "square",
    subcategories: [
      { name: "Novela", slug: "novela", description: "Narrativa contemporánea en castellano." },
      {
        name: "Clásicos",
        slug: "clasicos",
        description: "Los grandes clásicos de la literatura española.",
      },
      {
        name: "Infantil y juvenil",
        slug: "infantil-y-juvenil",
        description: "Cuentos y lecturas para todas las edades.",
      },
      {
        name: "Cocina y gastronomía",
        slug: "gastronomia",
        description: "Recetarios y libros de cocina.",
      },
    ],
  },
  {
    name: "Juguetes",
    slug: "juguetes",
    description: "Juegos de mesa, construcciones y juguetes para los más pequeños.",
    code: "JUG",
    colors: ["#b91c1c", "#fde047"],
    shape: "rings",
    subcategories: [
      {
        name: "Juegos de mesa",
        slug: "juegos-de-mesa",
        description: "Juegos para toda la familia y para los más estrategas.",
      },
      {
        name: "Construcción",
        slug: "construccion",
        description: "Sets de bloques de construcción.",
      },
      {
        name: "Primera infancia",
        slug: "primera-infancia",
        description: "Juguetes para bebés y niños de 0 a 3 años.",
      },
      {
        name: "Juegos de exterior",
        slug: "exterior",
        description: "Patinetes, correpasillos y juegos al aire libre.",
      },
    ],
  },
  {
    name: "Jardín",
    slug: "jardin",
    description:
      "Herramientas, riego, muebles de exterior y barbacoas para disfrutar de tu jardín o terraza.",
    code: "JAR",
    colors: ["#3f6212", "#bef264"],
    shape: "hexagon",
    subcategories: [
      {
        name: "Herramientas de jardín",
        slug: "herramientas-de-jardin",
        description: "Cortacéspedes, cortasetos y herramientas de poda.",
      },
      { name: "Riego", slug: "riego", description: "Mangueras, programadores y aspersores." },
      {
        name: "Muebles de exterior",
        slug: "muebles-de-exterior",
        description: "Conjuntos de terraza y tumbonas.",
      },
      {
        name: "Barbacoas",
        slug: "barbacoas",
        description: "Barbacoas de carbón y gas y sus accesorios.",
      },
    ],
  },
  {
    name: "Bricolaje",
    slug: "bricolaje",
    description: "Herramientas eléctricas y manuales e iluminación para tus proyectos en casa.",
    code: "BRI",
    colors: ["#334155", "#fb923c"],
    shape: "diamond",
    subcategories: [
      {
        name: "Herramientas eléctricas",
        slug: "herramientas-electricas",
        description: "Taladros, amoladoras y sierras.",
      },
      {
        name: "Herramientas manuales",
        slug: "herramientas-manuales",
        description: "Destornilladores, llaves y juegos de puntas.",
      },
      {
        name: "Iluminación",
        slug: "iluminacion",
        description: "Bombillas LED, regletas y luces inteligentes.",
      },
    ],
  },
];

export interface DemoSupplier {
  name: string;
  /** Host of the supplier's (fictitious) B2B shop. */
  host: string;
}

export const DEMO_SUPPLIERS = {
  levante: { name: "Distribuciones Levante S.L.", host: "pedidos.distrilevante.example" },
  iberica: { name: "Electro Mayorista Ibérica S.A.", host: "b2b.electroiberica.example" },
  reacondicionados: { name: "Reacondicionados del Sur S.L.", host: "tienda.reacondsur.example" },
  deportes: { name: "Deportes Norte Distribución S.L.", host: "b2b.deportesnorte.example" },
  textil: { name: "Textil Mediterráneo S.L.", host: "mayorista.textilmed.example" },
  libros: { name: "Distribuidora de Libros Centro S.A.", host: "pedidos.librocentro.example" },
  juguetes: { name: "Juguetes Foia de Castalla S.L.", host: "b2b.juguetesfoia.example" },
  jardin: { name: "Suministros Verde Jardín S.L.", host: "pedidos.verdejardin.example" },
  ferreteria: { name: "Ferretería Industrial Aragonesa S.A.", host: "b2b.ferrearagon.example" },
} as const satisfies Record<string, DemoSupplier>;

export type SupplierId = keyof typeof DEMO_SUPPLIERS;

export interface DemoProduct {
  name: string;
  description: string;
  category: string;
  subcategory: string;
  brand: string;
  priceCents: number;
  salePriceCents?: number;
  condition?: ProductConditionValue;
  color?: string;
  sizeInfo?: string;
  /** Decimal string, as the `numeric` column returns it. */
  weightKg?: string;
  stock: number;
  minStock?: number;
  isNew?: boolean;
  isFeaturedNew?: boolean;
  hidden?: boolean;
  videoUrl?: string;
  supplier?: SupplierId;
  /** Internal cost in cents; defaults to about 62 % of the price when a supplier is set. */
  costCents?: number;
  notes?: string;
  /** Generate a second image ("vista alternativa"). */
  secondImage?: boolean;
  /** Days since the product was added; otherwise spread over the last 90 days. */
  daysAgo?: number;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  // ── Electrónica ──────────────────────────────────────────────────────────────
  {
    name: "Smartphone Nexa X12 128 GB",
    description:
      "Smartphone con pantalla AMOLED de 6,5 pulgadas a 120 Hz y batería de 5000 mAh que aguanta sin problema un día completo. Triple cámara de 50 MP con modo noche y carga rápida de 33 W. Incluye funda transparente y dos años de garantía.",
    category: "electronica",
    subcategory: "moviles",
    brand: "Nexa",
    priceCents: 29900,
    salePriceCents: 26900,
    color: "Negro medianoche",
    sizeInfo: "6,5 pulgadas",
    weightKg: "0.189",
    stock: 34,
    minStock: 5,
    supplier: "iberica",
    secondImage: true,
  },
  {
    name: "Smartphone Nexa X12 Pro 256 GB reacondicionado",
    description:
      "Unidad reacondicionada de grado A: sin marcas visibles y con la batería por encima del 90 % de su capacidad original. Revisada en 40 puntos por nuestros técnicos y con el software actualizado. Se entrega con cargador y un año de garantía.",
    category: "electronica",
    subcategory: "moviles",
    brand: "Nexa",
    condition: "refurbished",
    priceCents: 34900,
    color: "Azul glaciar",
    sizeInfo: "6,7 pulgadas",
    weightKg: "0.205",
    stock: 6,
    minStock: 2,
    supplier: "reacondicionados",
    notes: "Lote de 10 unidades de renting empresarial. Revisar batería antes de enviar.",
  },
  {
    name: "Smartphone Lumio S5 Lite 64 GB",
    description:
      "Un móvil sencillo y fiable para el día a día, con pantalla de 6,1 pulgadas y doble SIM. Su batería de 4000 mAh y el modo de ahorro extremo lo hacen ideal como primer móvil o teléfono de trabajo.",
    category: "electronica",
    subcategory: "moviles",
    brand: "Lumio",
    priceCents: 14999,
    salePriceCents: 12999,
    color: "Verde salvia",
    sizeInfo: "6,1 pulgadas",
    weightKg: "0.172",
    stock: 48,
    minStock: 10,
    supplier: "iberica",
  },
  {
    name: 'Televisor Visora 55" 4K QLED Smart TV',
    description:
      "Televisor QLED de 55 pulgadas con resolución 4K, HDR10+ y Dolby Vision para una imagen con colores intensos. Sistema Smart TV con las principales aplicaciones de streaming y control por voz. Tres puertos HDMI 2.1, perfecto para consolas de última generación.",
    category: "electronica",
    subcategory: "televisores",
    brand: "Visora",
    priceCents: 54900,
    salePriceCents: 49900,
    color: "Negro",
    sizeInfo: "55 pulgadas",
    weightKg: "15.800",
    stock: 12,
    minStock: 3,
    supplier: "iberica",
    videoUrl: "https://videos.example.com/tienda/visora-55-qled.mp4",
  },
  {
    name: 'Televisor Visora 43" Full HD reacondicionado',
    description:
      "Televisor Smart TV de 43 pulgadas reacondicionado, con panel revisado y sin píxeles muertos. Ideal para un dormitorio o una cocina. Incluye mando a distancia original y soporte de sobremesa.",
    category: "electronica",
    subcategory: "televisores",
    brand: "Visora",
    condition: "refurbished",
    priceCents: 22900,
    color: "Negro",
    sizeInfo: "43 pulgadas",
    weightKg: "7.400",
    stock: 3,
    minStock: 1,
    supplier: "reacondicionados",
    notes: "Caja original algo dañada; embalar con doble cartón.",
  },
  {
    name: "Auriculares inalámbricos Sonora Aire Pro",
    description:
      "Auriculares de diadema con cancelación activa de ruido y hasta 40 horas de autonomía. Las almohadillas de espuma viscoelástica resultan cómodas incluso en viajes largos. Conexión multipunto para usarlos con el móvil y el portátil a la vez.",
    category: "electronica",
    subcategory: "audio",
    brand: "Sonora",
    priceCents: 12990,
    color: "Gris arena",
    weightKg: "0.250",
    stock: 25,
    minStock: 5,
    isNew: true,
    isFeaturedNew: true,
    supplier: "levante",
    daysAgo: 2,
  },
  {
    name: "Barra de sonido Sonora Cine 2.1 con subwoofer",
    description:
      "Barra de sonido de 240 W con subwoofer inalámbrico que llena el salón sin complicaciones. Se conecta al televisor por HDMI ARC y al móvil por Bluetooth. Modo diálogo para escuchar con claridad las voces de películas y series.",
    category: "electronica",
    subcategory: "audio",
    brand: "Sonora",
    priceCents: 17900,
    color: "Negro",
    weightKg: "5.200",
    stock: 14,
    minStock: 3,
    supplier: "levante",
  },
  {
    name: "Altavoz Bluetooth Sonora Mini resistente al agua",
    description:
      "Altavoz portátil con certificación IP67: aguanta salpicaduras, arena y hasta un chapuzón en la piscina. Ofrece 12 horas de música y se puede emparejar con un segundo altavoz para sonido estéreo.",
    category: "electronica",
    subcategory: "audio",
    brand: "Sonora",
    priceCents: 3999,
    color: "Azul mar",
    weightKg: "0.350",
    stock: 2,
    minStock: 5,
    supplier: "levante",
    notes: "Reposición pedida el lunes; el proveedor confirma entrega en 10 días.",
  },
  {
    name: "Cámara réflex Óptica D750 con objetivo 18-55 mm",
    description:
      "Cámara réflex de segunda mano con unos 8.000 disparos, en muy buen estado de conservación. Incluye objetivo 18-55 mm, batería, cargador y correa. Ideal para iniciarse en la fotografía sin gastar de más.",
    category: "electronica",
    subcategory: "fotografia",
    brand: "Óptica",
    condition: "used",
    priceCents: 38900,
    color: "Negro",
    weightKg: "0.840",
    stock: 1,
    supplier: "reacondicionados",
    notes: "Recompra a cliente. Sensor limpiado el 12/03.",
  },
  {
    name: "Cámara deportiva Óptica Aventura 4K",
    description:
      "Cámara de acción que graba en 4K a 60 fps con estabilización electrónica. Sumergible hasta 10 metros con su carcasa y con pantalla táctil frontal para grabarte a ti mismo. Incluye soportes para casco y bicicleta.",
    category: "electronica",
    subcategory: "fotografia",
    brand: "Óptica",
    priceCents: 8999,
    color: "Negro",
    weightKg: "0.125",
    stock: 20,
    minStock: 4,
    isNew: true,
    supplier: "levante",
    daysAgo: 6,
  },

  // ── Informática ─────────────────────────────────────────────────────────────
  {
    name: "Portátil Pixelia Book 14 (i5, 16 GB, 512 GB SSD)",
    description:
      "Portátil ligero de 14 pulgadas con procesador Intel Core i5, 16 GB de RAM y SSD de 512 GB. Pesa menos de 1,4 kg y su batería dura hasta 10 horas. Teclado en español retroiluminado y Windows 11 preinstalado.",
    category: "informatica",
    subcategory: "portatiles",
    brand: "Pixelia",
    priceCents: 64900,
    salePriceCents: 59900,
    color: "Plata",
    sizeInfo: "14 pulgadas",
    weightKg: "1.380",
    stock: 15,
    minStock: 3,
    supplier: "iberica",
    secondImage: true,
  },
  {
    name: "Portátil Pixelia Book 15 Pro reacondicionado (i7, 16 GB, 1 TB)",
    description:
      "Portátil profesional reacondicionado con procesador Intel Core i7 y SSD de 1 TB, perfecto para edición de fotos y trabajo intensivo. Batería nueva y teclado español sustituido. Un año de garantía.",
    category: "informatica",
    subcategory: "portatiles",
    brand: "Pixelia",
    condition: "refurbished",
    priceCents: 57900,
    color: "Gris espacial",
    sizeInfo: "15,6 pulgadas",
    weightKg: "1.850",
    stock: 4,
    minStock: 2,
    supplier: "reacondicionados",
  },
  {
    name: "Portátil gaming Pixelia Fury 16 RTX 4060",
    description:
      "Portátil para jugar con pantalla de 16 pulgadas a 165 Hz, tarjeta gráfica RTX 4060 y procesador de última generación. El sistema de refrigeración con doble ventilador mantiene el rendimiento en sesiones largas. Teclado RGB por zonas.",
    category: "informatica",
    subcategory: "portatiles",
    brand: "Pixelia",
    priceCents: 129900,
    color: "Negro",
    sizeInfo: "16 pulgadas",
    weightKg: "2.450",
    stock: 8,
    minStock: 2,
    isNew: true,
    isFeaturedNew: true,
    supplier: "iberica",
    daysAgo: 1,
  },
  {
    name: "Tarjeta gráfica Voltia RTX 4060 8 GB",
    description:
      "Tarjeta gráfica con 8 GB GDDR6 y trazado de rayos para jugar en 1080p y 1440p con todo al máximo. Diseño de doble ventilador silencioso que se detiene en reposo. Consumo contenido: basta con una fuente de 550 W.",
    category: "informatica",
    subcategory: "componentes",
    brand: "Voltia",
    priceCents: 32900,
    weightKg: "0.780",
    stock: 10,
    minStock: 2,
    supplier: "iberica",
  },
  {
    name: "Memoria RAM Voltia DDR5 32 GB (2 x 16 GB) 6000 MHz",
    description:
      "Kit de dos módulos DDR5 a 6000 MHz con perfil EXPO/XMP para activarlos con un clic. Disipador de aluminio de perfil bajo compatible con la mayoría de refrigeradores.",
    category: "informatica",
    subcategory: "componentes",
    brand: "Voltia",
    priceCents: 10990,
    color: "Negro",
    weightKg: "0.080",
    stock: 3,
    minStock: 4,
    supplier: "iberica",
    notes: "Precio de compra sube un 15 % el mes que viene.",
  },
  {
    name: "Teclado mecánico Teclea K87 distribución española",
    description:
      "Teclado mecánico compacto sin bloque numérico con interruptores rojos lineales y silenciosos. Distribución española con la tecla Ñ, retroiluminación blanca y cable USB-C desmontable.",
    category: "informatica",
    subcategory: "perifericos",
    brand: "Teclea",
    priceCents: 6990,
    color: "Blanco",
    weightKg: "0.820",
    stock: 22,
    minStock: 5,
    supplier: "levante",
  },
  {
    name: "Ratón inalámbrico ergonómico Teclea Vertical",
    description:
      "Ratón vertical que mantiene la muñeca en una postura natural y reduce la tensión durante la jornada. Funciona con receptor USB o por Bluetooth y su batería recargable dura hasta 70 días.",
    category: "informatica",
    subcategory: "perifericos",
    brand: "Teclea",
    priceCents: 3490,
    color: "Grafito",
    weightKg: "0.120",
    stock: 40,
    minStock: 8,
    supplier: "levante",
  },
  {
    name: 'Monitor Pixelia 27" QHD 165 Hz',
    description:
      "Monitor de 27 pulgadas con resolución 2560 x 1440 y panel IPS de 165 Hz para juegos fluidos y trabajo con mucho espacio en pantalla. Peana regulable en altura y giro, y puertos HDMI y DisplayPort.",
    category: "informatica",
    subcategory: "perifericos",
    brand: "Pixelia",
    priceCents: 27900,
    salePriceCents: 24900,
    color: "Negro",
    sizeInfo: "27 pulgadas",
    weightKg: "6.100",
    stock: 9,
    minStock: 2,
    supplier: "iberica",
  },
  {
    name: "Disco SSD Memora 1 TB NVMe PCIe 4.0",
    description:
      "Unidad SSD M.2 NVMe con velocidades de lectura de hasta 7000 MB/s. Multiplica la velocidad de arranque de tu PC o PlayStation 5 y tiene cinco años de garantía.",
    category: "informatica",
    subcategory: "almacenamiento",
    brand: "Memora",
    priceCents: 7990,
    weightKg: "0.010",
    stock: 55,
    minStock: 10,
    isNew: true,
    supplier: "iberica",
    daysAgo: 9,
  },
  {
    name: "Disco duro externo Memora 4 TB USB 3.2",
    description:
      "Disco duro portátil de 4 TB para copias de seguridad de fotos, vídeos y documentos. Carcasa de aluminio resistente a golpes y software de copia automática incluido.",
    category: "informatica",
    subcategory: "almacenamiento",
    brand: "Memora",
    priceCents: 11990,
    color: "Gris",
    weightKg: "0.230",
    stock: 0,
    hidden: true,
    supplier: "iberica",
    notes: "Oculto hasta recibir las fotos del fabricante y confirmar precio.",
  },

  // ── Hogar y cocina ──────────────────────────────────────────────────────────
  {
    name: "Freidora de aire Cocina Viva 5,5 L",
    description:
      "Freidora sin aceite de 5,5 litros con ocho programas y ventana para ver cómo se dora la comida. Cocina patatas, verduras y pescado con una cucharada de aceite. La cesta antiadherente se puede lavar en el lavavajillas.",
    category: "hogar-y-cocina",
    subcategory: "pequeno-electrodomestico",
    brand: "Cocina Viva",
    priceCents: 8990,
    salePriceCents: 6990,
    color: "Negro mate",
    sizeInfo: "5,5 litros",
    weightKg: "4.900",
    stock: 60,
    minStock: 10,
    supplier: "levante",
    secondImage: true,
  },
  {
    name: "Cafetera superautomática Cocina Viva Barista",
    description:
      "Cafetera superautomática con molinillo cerámico y espumador de leche para preparar espresso, cortado o capuchino con un solo botón. Depósito de agua de 1,8 litros y programa de limpieza automático.",
    category: "hogar-y-cocina",
    subcategory: "pequeno-electrodomestico",
    brand: "Cocina Viva",
    priceCents: 39900,
    color: "Acero inoxidable",
    weightKg: "8.300",
    stock: 7,
    minStock: 2,
    isNew: true,
    isFeaturedNew: true,
    supplier: "levante",
    daysAgo: 4,
  },
  {
    name: "Robot aspirador Kalma R7 con mapeo láser",
    description:
      "Robot aspirador y friegasuelos que mapea tu casa con láser y limpia por habitaciones. Se controla desde la aplicación del móvil y vuelve solo a la base para cargar. Ideal para casas con mascotas.",
    category: "hogar-y-cocina",
    subcategory: "limpieza",
    brand: "Kalma",
    priceCents: 29900,
    salePriceCents: 24900,
    color: "Blanco",
    weightKg: "3.600",
    stock: 18,
    minStock: 3,
    supplier: "levante",
  },
  {
    name: "Aspiradora escoba sin cable Kalma Ciclón 600 reacondicionada",
    description:
      "Aspiradora escoba reacondicionada con batería nueva de 45 minutos de autonomía. Se convierte en aspirador de mano para el coche o el sofá. Revisada y probada, con un año de garantía.",
    category: "hogar-y-cocina",
    subcategory: "limpieza",
    brand: "Kalma",
    condition: "refurbished",
    priceCents: 11900,
    color: "Gris",
    weightKg: "2.700",
    stock: 5,
    minStock: 2,
    supplier: "reacondicionados",
  },
  {
    name: "Batería de cocina de acero inoxidable 8 piezas",
    description:
      "Juego de cuatro ollas y cazos con tapas de vidrio, fabricado en acero inoxidable 18/10. Apto para todo tipo de cocinas, incluida la inducción, y para el lavavajillas.",
    category: "hogar-y-cocina",
    subcategory: "menaje",
    brand: "Ibérica Home",
    priceCents: 8995,
    color: "Plata",
    weightKg: "6.500",
    stock: 16,
    minStock: 3,
    supplier: "levante",
  },
  {
    name: "Sartén antiadherente de aluminio forjado 28 cm",
    description:
      "Sartén de aluminio forjado con antiadherente libre de PFOA, válida para inducción. Mango ergonómico que no se calienta. Perfecta para tortillas de patatas de tamaño familiar.",
    category: "hogar-y-cocina",
    subcategory: "menaje",
    brand: "Ibérica Home",
    priceCents: 2495,
    color: "Negro",
    sizeInfo: "28 cm",
    weightKg: "1.100",
    stock: 4,
    minStock: 6,
    supplier: "levante",
  },
  {
    name: "Juego de 6 copas de vino de cristal",
    description:
      "Seis copas de cristal sin plomo con un diseño fino y elegante que realza el aroma del vino. Aptas para el lavavajillas.",
    category: "hogar-y-cocina",
    subcategory: "menaje",
    brand: "Ibérica Home",
    priceCents: 2290,
    sizeInfo: "45 cl",
    weightKg: "1.300",
    stock: 30,
    minStock: 5,
    supplier: "levante",
  },
  {
    name: "Lámpara de mesa de cerámica de Manises",
    description:
      "Lámpara de sobremesa con pie de cerámica esmaltada a mano por artesanos de Manises (Valencia) y pantalla de lino. Cada pieza es única y puede presentar pequeñas variaciones de color.",
    category: "hogar-y-cocina",
    subcategory: "decoracion",
    brand: "Taller Turia",
    priceCents: 4950,
    color: "Azul cobalto",
    sizeInfo: "Alto 45 cm",
    weightKg: "2.100",
    stock: 11,
    minStock: 2,
    supplier: "levante",
    notes: "Producción artesanal: pedir con 3 semanas de antelación.",
  },
  {
    name: "Espejo redondo de ratán 60 cm",
    description:
      "Espejo decorativo con marco de ratán natural tejido a mano. Aporta un toque cálido y mediterráneo a recibidores, baños y dormitorios. Incluye colgador.",
    category: "hogar-y-cocina",
    subcategory: "decoracion",
    brand: "Taller Turia",
    priceCents: 5990,
    color: "Natural",
    sizeInfo: "Ø 60 cm",
    weightKg: "2.800",
    stock: 13,
    minStock: 2,
    isNew: true,
    supplier: "levante",
    daysAgo: 8,
  },

  // ── Deportes ───────────────────────────────────────────────────────────────
  {
    name: 'Bicicleta de montaña Trekka Sierra 29"',
    description:
      "Bicicleta de montaña con cuadro de aluminio, ruedas de 29 pulgadas y horquilla de suspensión de 100 mm. Transmisión de 12 velocidades y frenos de disco hidráulicos para rutas por pistas y senderos.",
    category: "deportes",
    subcategory: "ciclismo",
    brand: "Trekka",
    priceCents: 54900,
    color: "Verde oliva",
    sizeInfo: "Talla M (1,65-1,78 m)",
    weightKg: "13.900",
    stock: 6,
    minStock: 2,
    supplier: "deportes",
    secondImage: true,
    videoUrl: "https://videos.example.com/tienda/trekka-sierra-29.mp4",
  },
  {
    name: "Bicicleta de carretera Trekka Asfalto (usada)",
    description:
      "Bicicleta de carretera de segunda mano con cuadro de carbono y grupo de 22 velocidades. Ha recorrido unos 3.000 km y acaba de pasar una revisión completa en nuestro taller con cubiertas nuevas.",
    category: "deportes",
    subcategory: "ciclismo",
    brand: "Trekka",
    condition: "used",
    priceCents: 69000,
    color: "Rojo y negro",
    sizeInfo: "Talla M (54)",
    weightKg: "8.400",
    stock: 1,
    supplier: "deportes",
    notes: "Recompra en tienda. Pequeño arañazo en la vaina izquierda (ver foto 2).",
  },
  {
    name: "Casco de ciclismo Trekka Aero con luz trasera",
    description:
      "Casco ligero con 18 aberturas de ventilación y luz LED trasera recargable por USB. Sistema de ajuste con rueda para un ajuste perfecto. Cumple la norma europea EN 1078.",
    category: "deportes",
    subcategory: "ciclismo",
    brand: "Trekka",
    priceCents: 4990,
    color: "Blanco",
    sizeInfo: "Talla M (54-58 cm)",
    weightKg: "0.290",
    stock: 26,
    minStock: 5,
    isNew: true,
    supplier: "deportes",
    daysAgo: 3,
  },
  {
    name: "Zapatillas de running Andarín Pulso 3",
    description:
      "Zapatillas de entrenamiento diario con mediasuela de espuma reactiva y drop de 8 mm. Su malla transpirable y la suela de goma duradera las hacen perfectas para rodajes largos por asfalto.",
    category: "deportes",
    subcategory: "running",
    brand: "Andarín",
    priceCents: 8990,
    salePriceCents: 6990,
    color: "Azul y naranja",
    sizeInfo: "Tallas 38 a 46",
    weightKg: "0.560",
    stock: 35,
    minStock: 8,
    supplier: "deportes",
  },
  {
    name: "Reloj GPS deportivo Andarín Ritmo reacondicionado",
    description:
      "Reloj con GPS multibanda, pulsómetro en la muñeca y más de 30 perfiles deportivos. Unidad reacondicionada con correa nueva y pantalla sin marcas. La batería dura hasta 14 días en modo reloj.",
    category: "deportes",
    subcategory: "running",
    brand: "Andarín",
    condition: "refurbished",
    priceCents: 14900,
    color: "Negro",
    weightKg: "0.052",
    stock: 5,
    minStock: 1,
    supplier: "reacondicionados",
  },
  {
    name: "Juego de mancuernas ajustables 2 x 20 kg",
    description:
      "Dos mancuernas ajustables de 2,5 a 20 kg cada una con un sistema de selección rápida. Sustituyen a 15 pares de pesas y ocupan muy poco espacio en casa.",
    category: "deportes",
    subcategory: "fitness",
    brand: "Forma",
    priceCents: 12900,
    color: "Negro y gris",
    sizeInfo: "2,5 a 20 kg",
    weightKg: "40.000",
    stock: 2,
    minStock: 3,
    supplier: "deportes",
    notes: "Envío en dos bultos; coste de transporte alto.",
  },
  {
    name: "Esterilla de yoga antideslizante 6 mm",
    description:
      "Esterilla de TPE de 6 mm de grosor que amortigua las rodillas y no resbala ni en las posturas más exigentes. Ligera, lavable e incluye cinta de transporte.",
    category: "deportes",
    subcategory: "fitness",
    brand: "Forma",
    priceCents: 2490,
    color: "Morado",
    sizeInfo: "183 x 61 cm",
    weightKg: "0.900",
    stock: 44,
    minStock: 10,
    supplier: "deportes",
  },
  {
    name: "Tienda de campaña Cumbre Lite 3 personas (usada)",
    description:
      "Tienda de campaña de montaje rápido para tres personas, usada en dos salidas y en perfecto estado. Doble techo impermeable de 3000 mm y dos ábsides para guardar las mochilas.",
    category: "deportes",
    subcategory: "montana",
    brand: "Cumbre",
    condition: "used",
    priceCents: 6500,
    color: "Verde",
    sizeInfo: "3 personas",
    weightKg: "3.100",
    stock: 1,
    supplier: "deportes",
  },
  {
    name: "Mochila de trekking Cumbre 40 L",
    description:
      "Mochila de 40 litros con espalda ventilada y cinturón acolchado para rutas de uno o dos días. Funda impermeable integrada y compatible con sistemas de hidratación.",
    category: "deportes",
    subcategory: "montana",
    brand: "Cumbre",
    priceCents: 7490,
    color: "Gris y mostaza",
    sizeInfo: "40 litros",
    weightKg: "1.250",
    stock: 19,
    minStock: 4,
    isNew: true,
    isFeaturedNew: true,
    supplier: "deportes",
    daysAgo: 5,
  },

  // ── Moda ───────────────────────────────────────────────────────────────────
  {
    name: "Chaqueta vaquera de mujer Mareas",
    description:
      "Chaqueta vaquera de corte clásico confeccionada en algodón orgánico. Un básico de entretiempo que combina con vestidos y pantalones por igual.",
    category: "moda",
    subcategory: "mujer",
    brand: "Mareas",
    priceCents: 4995,
    color: "Azul lavado",
    sizeInfo: "Tallas XS a XL",
    weightKg: "0.650",
    stock: 28,
    minStock: 5,
    supplier: "textil",
  },
  {
    name: "Vestido midi de lino Mareas",
    description:
      "Vestido midi de lino 100 % con escote en pico y cinturón a juego. Fresco y ligero, perfecto para los días de calor. Diseñado y confeccionado en Valencia.",
    category: "moda",
    subcategory: "mujer",
    brand: "Mareas",
    priceCents: 5995,
    color: "Terracota",
    sizeInfo: "Tallas XS a L",
    weightKg: "0.350",
    stock: 17,
    minStock: 4,
    isNew: true,
    isFeaturedNew: true,
    supplier: "textil",
    daysAgo: 2,
    secondImage: true,
  },
  {
    name: "Camisa Oxford de hombre Olivo",
    description:
      "Camisa Oxford de algodón con cuello abotonado y corte entallado. Sirve tanto para la oficina como para el fin de semana.",
    category: "moda",
    subcategory: "hombre",
    brand: "Olivo",
    priceCents: 3995,
    salePriceCents: 2995,
    color: "Azul celeste",
    sizeInfo: "Tallas S a XXL",
    weightKg: "0.300",
    stock: 33,
    minStock: 6,
    supplier: "textil",
  },
  {
    name: "Jersey de lana merino de hombre Olivo",
    description:
      "Jersey de cuello redondo en lana merino extrafina que abriga sin dar calor en exceso. No pica y se puede lavar a máquina en programa de lana.",
    category: "moda",
    subcategory: "hombre",
    brand: "Olivo",
    priceCents: 6990,
    color: "Gris marengo",
    sizeInfo: "Tallas S a XXL",
    weightKg: "0.420",
    stock: 21,
    minStock: 4,
    supplier: "textil",
  },
  {
    name: "Zapatillas urbanas de piel Paso Firme",
    description:
      "Zapatillas de piel fabricadas en Elche con plantilla extraíble acolchada. Su suela de goma cosida las hace muy duraderas.",
    category: "moda",
    subcategory: "calzado",
    brand: "Paso Firme",
    priceCents: 7990,
    color: "Blanco",
    sizeInfo: "Tallas 36 a 45",
    weightKg: "0.900",
    stock: 24,
    minStock: 5,
    supplier: "textil",
  },
  {
    name: "Botines Chelsea de mujer Paso Firme",
    description:
      "Botines Chelsea de ante con elásticos laterales y suela de goma antideslizante. Cómodos desde el primer día y fabricados en Elche.",
    category: "moda",
    subcategory: "calzado",
    brand: "Paso Firme",
    priceCents: 8990,
    salePriceCents: 6290,
    color: "Camel",
    sizeInfo: "Tallas 36 a 41",
    weightKg: "1.000",
    stock: 3,
    minStock: 5,
    supplier: "textil",
    notes: "Quedan pocas tallas 38 y 39.",
  },
  {
    name: "Bolso bandolera de piel Mareas",
    description:
      "Bolso bandolera de piel curtida vegetal con correa ajustable y cierre de cremallera. Dos compartimentos interiores y bolsillo para el móvil.",
    category: "moda",
    subcategory: "complementos",
    brand: "Mareas",
    priceCents: 6990,
    color: "Cuero",
    weightKg: "0.600",
    stock: 12,
    minStock: 3,
    supplier: "textil",
  },
  {
    name: "Gafas de sol polarizadas Olivo Costa",
    description:
      "Gafas de sol con lentes polarizadas de categoría 3 y protección UV400. Montura de acetato ligera con funda rígida y gamuza de limpieza incluidas.",
    category: "moda",
    subcategory: "complementos",
    brand: "Olivo",
    priceCents: 5490,
    color: "Carey",
    weightKg: "0.030",
    stock: 20,
    minStock: 4,
    supplier: "textil",
  },

  // ── Libros ─────────────────────────────────────────────────────────────────
  {
    name: "Don Quijote de la Mancha (edición ilustrada)",
    description:
      "La obra cumbre de Miguel de Cervantes en una edición en tapa dura con ilustraciones a color y notas a pie de página. Un regalo perfecto para redescubrir las aventuras del ingenioso hidalgo y Sancho Panza.",
    category: "libros",
    subcategory: "clasicos",
    brand: "Ediciones Mirador",
    priceCents: 2995,
    sizeInfo: "1.328 páginas",
    weightKg: "1.650",
    stock: 14,
    minStock: 3,
    supplier: "libros",
  },
  {
    name: "La Regenta, de Leopoldo Alas «Clarín» (usado)",
    description:
      "Edición de bolsillo de segunda mano en buen estado: lomo ligeramente marcado y páginas limpias. La gran novela del realismo español ambientada en la ciudad ficticia de Vetusta.",
    category: "libros",
    subcategory: "clasicos",
    brand: "Ediciones Mirador",
    condition: "used",
    priceCents: 590,
    sizeInfo: "864 páginas",
    weightKg: "0.480",
    stock: 2,
    supplier: "libros",
  },
  {
    name: "Platero y yo, de Juan Ramón Jiménez",
    description:
      "Edición escolar del clásico de Juan Ramón Jiménez con guía de lectura y actividades. La tierna historia del poeta y su burrito Platero por los paisajes de Moguer.",
    category: "libros",
    subcategory: "clasicos",
    brand: "Ediciones Mirador",
    priceCents: 895,
    sizeInfo: "192 páginas",
    weightKg: "0.220",
    stock: 40,
    minStock: 10,
    supplier: "libros",
  },
  {
    name: "El faro de las mareas, de Inés Calvo",
    description:
      "Una familia de fareros gallegos guarda un secreto durante tres generaciones. Inés Calvo firma una novela intensa y luminosa sobre la memoria y el perdón. La novedad más esperada de la temporada.",
    category: "libros",
    subcategory: "novela",
    brand: "Editorial Brisa",
    priceCents: 1990,
    sizeInfo: "416 páginas",
    weightKg: "0.540",
    stock: 50,
    minStock: 10,
    isNew: true,
    supplier: "libros",
    daysAgo: 1,
  },
  {
    name: "La casa de los naranjos, de Tomás Ferrer (usado)",
    description:
      "Ejemplar de segunda mano en muy buen estado de la novela de Tomás Ferrer ambientada en la huerta valenciana de los años cincuenta. Tiene una dedicatoria a lápiz en la primera página.",
    category: "libros",
    subcategory: "novela",
    brand: "Editorial Brisa",
    condition: "used",
    priceCents: 900,
    sizeInfo: "352 páginas",
    weightKg: "0.450",
    stock: 1,
    supplier: "libros",
  },
  {
    name: "Cuentos para dormir bajo las estrellas",
    description:
      "Veinte cuentos cortos para leer antes de dormir, con ilustraciones a toda página. Recomendado para niños de 3 a 7 años.",
    category: "libros",
    subcategory: "infantil-y-juvenil",
    brand: "Ediciones Lucero",
    priceCents: 1495,
    sizeInfo: "96 páginas",
    weightKg: "0.600",
    stock: 25,
    minStock: 5,
    supplier: "libros",
  },
  {
    name: "Cocina mediterránea de temporada",
    description:
      "Más de 150 recetas organizadas por estaciones con los productos del mercado: arroces, guisos, pescados y postres tradicionales. Cada receta incluye fotografía y consejos para aprovechar las sobras.",
    category: "libros",
    subcategory: "gastronomia",
    brand: "Ediciones Lucero",
    priceCents: 2850,
    salePriceCents: 2290,
    sizeInfo: "320 páginas",
    weightKg: "1.200",
    stock: 18,
    minStock: 3,
    supplier: "libros",
  },

  // ── Juguetes ───────────────────────────────────────────────────────────────
  {
    name: "Juego de mesa Conquista de Iberia",
    description:
      "Juego de estrategia para 2 a 5 jugadores en el que construyes rutas comerciales por la península. Partidas de unos 60 minutos y reglas fáciles de aprender. A partir de 10 años.",
    category: "juguetes",
    subcategory: "juegos-de-mesa",
    brand: "Dado Rojo",
    priceCents: 3995,
    weightKg: "1.400",
    stock: 15,
    minStock: 3,
    isNew: true,
    isFeaturedNew: true,
    supplier: "juguetes",
    daysAgo: 7,
  },
  {
    name: "Juego de mesa familiar Saber y Reír",
    description:
      "Juego de preguntas con 2.400 tarjetas sobre cultura general, cine, deporte y refranes. Incluye preguntas especiales para los más pequeños, para que juegue toda la familia.",
    category: "juguetes",
    subcategory: "juegos-de-mesa",
    brand: "Dado Rojo",
    priceCents: 2499,
    weightKg: "1.100",
    stock: 27,
    minStock: 5,
    supplier: "juguetes",
  },
  {
    name: "Set de construcción Castillo medieval 850 piezas",
    description:
      "Castillo con torres, puente levadizo y ocho figuras de caballeros. Las piezas son compatibles con las principales marcas de bloques. A partir de 8 años.",
    category: "juguetes",
    subcategory: "construccion",
    brand: "Bloquix",
    priceCents: 5999,
    salePriceCents: 4799,
    weightKg: "1.600",
    stock: 10,
    minStock: 2,
    supplier: "juguetes",
  },
  {
    name: "Set de construcción Estación espacial (usado, completo)",
    description:
      "Set de segunda mano revisado pieza a pieza: está completo, con las instrucciones originales y la caja. Ideal para pequeños astronautas a partir de 7 años.",
    category: "juguetes",
    subcategory: "construccion",
    brand: "Bloquix",
    condition: "used",
    priceCents: 2500,
    weightKg: "0.900",
    stock: 1,
    supplier: "juguetes",
  },
  {
    name: "Gimnasio de actividades para bebé Pequeñín",
    description:
      "Manta de juegos acolchada con arco y cinco juguetes colgantes de colores y texturas diferentes. Estimula los sentidos del bebé desde los primeros meses y se lava a máquina.",
    category: "juguetes",
    subcategory: "primera-infancia",
    brand: "Pequeñín",
    priceCents: 4490,
    weightKg: "1.300",
    stock: 9,
    minStock: 2,
    supplier: "juguetes",
  },
  {
    name: "Correpasillos de madera Pequeñín",
    description:
      "Correpasillos de madera de haya con ruedas silenciosas de goma. Ayuda a los primeros pasos y se convierte en andador. Fabricado en Valencia con pinturas al agua.",
    category: "juguetes",
    subcategory: "primera-infancia",
    brand: "Pequeñín",
    priceCents: 3990,
    color: "Rojo",
    weightKg: "2.200",
    stock: 1,
    minStock: 3,
    supplier: "juguetes",
  },
  {
    name: "Patinete infantil de tres ruedas con luces",
    description:
      "Patinete de tres ruedas con manillar regulable en altura y ruedas que se iluminan al rodar. Muy estable para aprender a mantener el equilibrio. De 3 a 8 años.",
    category: "juguetes",
    subcategory: "exterior",
    brand: "Pequeñín",
    priceCents: 3490,
    color: "Azul",
    weightKg: "2.500",
    stock: 14,
    minStock: 3,
    supplier: "juguetes",
  },

  // ── Jardín ─────────────────────────────────────────────────────────────────
  {
    name: "Cortacésped eléctrico Verdea 1600 W",
    description:
      "Cortacésped eléctrico con ancho de corte de 38 cm y cinco alturas de corte. El recogedor de 45 litros te permite cortar jardines de hasta 500 m² sin vaciarlo a cada rato.",
    category: "jardin",
    subcategory: "herramientas-de-jardin",
    brand: "Verdea",
    priceCents: 14900,
    salePriceCents: 12900,
    color: "Verde",
    weightKg: "11.500",
    stock: 8,
    minStock: 2,
    supplier: "jardin",
  },
  {
    name: "Cortasetos a batería Verdea 18 V reacondicionado",
    description:
      "Cortasetos inalámbrico reacondicionado con cuchilla de 50 cm de doble acción. Se entrega con batería y cargador revisados y un año de garantía.",
    category: "jardin",
    subcategory: "herramientas-de-jardin",
    brand: "Verdea",
    condition: "refurbished",
    priceCents: 6490,
    color: "Verde",
    weightKg: "2.600",
    stock: 3,
    minStock: 1,
    supplier: "reacondicionados",
  },
  {
    name: "Programador de riego digital Verdea",
    description:
      "Programador de grifo con pantalla digital que riega automáticamente hasta cuatro veces al día. Funciona con dos pilas y tiene función de riego manual y retraso por lluvia.",
    category: "jardin",
    subcategory: "riego",
    brand: "Verdea",
    priceCents: 3490,
    weightKg: "0.450",
    stock: 31,
    minStock: 6,
    supplier: "jardin",
  },
  {
    name: "Manguera extensible 30 m con pistola de 7 funciones",
    description:
      "Manguera que se estira hasta 30 metros con el agua y vuelve a su tamaño al cerrar el grifo. Incluye pistola de riego con siete chorros y conectores de latón.",
    category: "jardin",
    subcategory: "riego",
    brand: "Verdea",
    priceCents: 2990,
    color: "Verde y gris",
    sizeInfo: "10 a 30 m",
    weightKg: "1.100",
    stock: 37,
    minStock: 6,
    isNew: true,
    supplier: "jardin",
    daysAgo: 12,
  },
  {
    name: "Conjunto de terraza de ratán sintético 4 plazas",
    description:
      "Sofá de dos plazas, dos sillones y mesa baja con cristal templado, en ratán sintético resistente al sol y la lluvia. Cojines desenfundables incluidos.",
    category: "jardin",
    subcategory: "muebles-de-exterior",
    brand: "Terraza Sol",
    priceCents: 39900,
    color: "Gris antracita",
    weightKg: "38.000",
    stock: 0,
    hidden: true,
    supplier: "jardin",
    notes: "Fuera de temporada: volver a publicar en marzo.",
  },
  {
    name: "Barbacoa de carbón con tapa Brasa 57 cm",
    description:
      "Barbacoa de carbón con tapa y termómetro para asar y ahumar a baja temperatura. Parrilla de acero cromado de 57 cm y cenicero extraíble para una limpieza sencilla.",
    category: "jardin",
    subcategory: "barbacoas",
    brand: "Brasa",
    priceCents: 12900,
    color: "Negro",
    sizeInfo: "Ø 57 cm",
    weightKg: "14.000",
    stock: 7,
    minStock: 2,
    supplier: "jardin",
  },

  // ── Bricolaje ──────────────────────────────────────────────────────────────
  {
    name: "Taladro percutor inalámbrico Fuerza 18 V con 2 baterías",
    description:
      "Taladro percutor sin escobillas con dos baterías de 2 Ah, cargador rápido y maletín. Taladra ladrillo, madera y metal, y atornilla con 21 posiciones de par.",
    category: "bricolaje",
    subcategory: "herramientas-electricas",
    brand: "Fuerza",
    priceCents: 9990,
    salePriceCents: 7990,
    color: "Naranja y negro",
    weightKg: "2.900",
    stock: 20,
    minStock: 4,
    supplier: "ferreteria",
  },
  {
    name: "Amoladora angular Fuerza 900 W (usada)",
    description:
      "Amoladora de 115 mm de segunda mano, revisada y con escobillas nuevas. Funciona perfectamente y tiene las marcas de uso normales. Incluye empuñadura lateral.",
    category: "bricolaje",
    subcategory: "herramientas-electricas",
    brand: "Fuerza",
    condition: "used",
    priceCents: 3500,
    weightKg: "2.100",
    stock: 1,
    supplier: "ferreteria",
  },
  {
    name: "Juego de destornilladores de precisión 32 piezas",
    description:
      "Destornillador de precisión con 30 puntas magnéticas de acero S2 y estuche de aluminio. Ideal para reparar móviles, gafas, consolas y pequeños electrodomésticos.",
    category: "bricolaje",
    subcategory: "herramientas-manuales",
    brand: "Fuerza",
    priceCents: 1990,
    weightKg: "0.350",
    stock: 45,
    minStock: 8,
    supplier: "ferreteria",
  },
  {
    name: "Bombilla LED inteligente Lumio E27 (pack de 4)",
    description:
      "Cuatro bombillas LED wifi de 9 W que puedes encender, regular y cambiar de color desde el móvil o con la voz. Consumen un 85 % menos que una bombilla tradicional.",
    category: "bricolaje",
    subcategory: "iluminacion",
    brand: "Lumio",
    priceCents: 3290,
    sizeInfo: "Casquillo E27",
    weightKg: "0.400",
    stock: 52,
    minStock: 10,
    isNew: true,
    supplier: "ferreteria",
    daysAgo: 10,
  },
];

/** What a marketplace item and a service share (the schema's listing columns). */
export interface DemoListing {
  name: string;
  description: string;
  priceCents: number;
  category: string;
  subcategory?: string;
  visible?: boolean;
  /** Set: shown in «Destacado en novedades», in this order. */
  featuredOrder?: number;
  videoUrls?: string[];
  daysAgo: number;
}

export interface DemoMarketplaceItem extends DemoListing {
  condition: MarketplaceConditionValue;
  sellerInfo: string;
  brand?: string;
  color?: string;
  sizeInfo?: string;
  weightKg?: string;
  approved: boolean;
  sold?: boolean;
}

export const DEMO_MARKETPLACE_ITEMS: DemoMarketplaceItem[] = [
  {
    name: "Smartphone Nexa X10 128 GB",
    description:
      "Vendo mi móvil porque me he cambiado a otro modelo. Siempre ha llevado funda y protector de pantalla, no tiene ni un rasguño. Incluyo la caja original y el cargador.",
    priceCents: 19000,
    condition: "excellent",
    sellerInfo: "Carlos M. · Madrid",
    category: "electronica",
    subcategory: "moviles",
    brand: "Nexa",
    color: "Negro",
    approved: true,
    featuredOrder: 1,
    daysAgo: 3,
  },
  {
    name: "Bicicleta plegable Trekka Urbana",
    description:
      "Bicicleta plegable de 20 pulgadas con 7 velocidades, perfecta para combinar con el tren o el metro. Tiene un año y la he usado poco. Regalo el candado y el portabultos.",
    priceCents: 24000,
    condition: "very_good",
    sellerInfo: "Ana R. · Valencia",
    category: "deportes",
    subcategory: "ciclismo",
    brand: "Trekka",
    color: "Azul petróleo",
    weightKg: "12.000",
    approved: true,
    featuredOrder: 2,
    daysAgo: 5,
    videoUrls: ["https://videos.example.com/marketplace/bici-plegable-plegado.mp4"],
  },
  {
    name: "Consola Pixelia Play 5 con dos mandos",
    description:
      "Consola en buen estado con dos mandos y tres juegos. Uno de los mandos tiene algo de desgaste en los joysticks, pero funciona bien. Se puede probar en mano.",
    priceCents: 28000,
    condition: "good",
    sellerInfo: "Javier L. · Sevilla",
    category: "electronica",
    brand: "Pixelia",
    color: "Blanco",
    approved: true,
    sold: true,
    daysAgo: 20,
  },
  {
    name: "Sofá cama de tres plazas",
    description:
      "Sofá cama de tres plazas con apertura tipo italiano y colchón de 14 cm. La tapicería tiene alguna mancha pequeña en un brazo. Hay que recogerlo en un tercer piso sin ascensor.",
    priceCents: 9000,
    condition: "acceptable",
    sellerInfo: "Marta G. · Zaragoza",
    category: "hogar-y-cocina",
    subcategory: "decoracion",
    color: "Gris",
    sizeInfo: "210 x 95 cm",
    approved: true,
    daysAgo: 14,
  },
  {
    name: "Cámara analógica Óptica 35 mm de los años 80",
    description:
      "Cámara de carrete heredada de mi padre. El obturador se queda enganchado a velocidades lentas, así que necesita una revisión. Objetivo de 50 mm limpio, sin hongos.",
    priceCents: 4500,
    condition: "needs_repair",
    sellerInfo: "Lucía P. · Bilbao",
    category: "electronica",
    subcategory: "fotografia",
    brand: "Óptica",
    color: "Plata y negro",
    approved: true,
    featuredOrder: 4,
    daysAgo: 9,
    videoUrls: [
      "https://videos.example.com/marketplace/camara-analogica-obturador.mp4",
      "https://videos.example.com/marketplace/camara-analogica-objetivo.mp4",
    ],
  },
  {
    name: "Portátil Pixelia Book 13 (2018) para piezas",
    description:
      "No enciende por un fallo en la placa base. La pantalla, el teclado y la batería funcionaban hasta el último día. Se vende sin disco duro.",
    priceCents: 6000,
    condition: "for_parts",
    sellerInfo: "Informática Ruzafa · Valencia",
    category: "informatica",
    subcategory: "portatiles",
    brand: "Pixelia",
    color: "Plata",
    approved: true,
    daysAgo: 11,
  },
  {
    name: "Guitarra española de estudio",
    description:
      "Guitarra clásica de estudio con tapa de cedro, ideal para conservatorio. Tiene cuerdas nuevas y se entrega con funda acolchada.",
    priceCents: 12000,
    condition: "very_good",
    sellerInfo: "Pablo S. · Granada",
    category: "juguetes",
    color: "Natural",
    approved: false,
    daysAgo: 1,
  },
  {
    name: "Cochecito de bebé 3 en 1",
    description:
      "Cochecito con capazo, silla y grupo 0 para el coche. Lo hemos usado con nuestros dos hijos y está en buen estado general; el tejido de la capota está algo descolorido por el sol.",
    priceCents: 15000,
    condition: "good",
    sellerInfo: "Elena y Raúl · Murcia",
    category: "juguetes",
    subcategory: "primera-infancia",
    color: "Gris jaspeado",
    approved: false,
    daysAgo: 2,
  },
  {
    name: "Patinete eléctrico Voltia E-Ride 350 W",
    description:
      "El patinete funciona, pero la batería solo aguanta unos 8 km y el freno trasero hace ruido. Ideal para alguien que sepa repararlo. Incluye cargador.",
    priceCents: 9000,
    condition: "needs_repair",
    sellerInfo: "Iván T. · Málaga",
    category: "deportes",
    brand: "Voltia",
    color: "Negro",
    approved: true,
    visible: false,
    daysAgo: 16,
  },
  {
    name: "Lote de 30 tebeos clásicos",
    description:
      "Colección de treinta tebeos de los años 70 y 80 de humor y aventuras. Conservados en fundas; algunas portadas tienen pequeñas roturas en los bordes.",
    priceCents: 6000,
    condition: "good",
    sellerInfo: "Antonio F. · Salamanca",
    category: "libros",
    subcategory: "clasicos",
    sizeInfo: "30 ejemplares",
    approved: true,
    featuredOrder: 3,
    daysAgo: 7,
  },
  {
    name: "Mesa de comedor extensible de roble",
    description:
      "Mesa de roble macizo extensible de 160 a 220 cm, para seis a diez comensales. Está como nueva porque apenas la usábamos.",
    priceCents: 32000,
    condition: "excellent",
    sellerInfo: "Familia Ortega · Alicante",
    category: "hogar-y-cocina",
    color: "Roble natural",
    sizeInfo: "160-220 x 90 cm",
    weightKg: "48.000",
    approved: true,
    sold: true,
    daysAgo: 30,
  },
  {
    name: "Máquina de coser Costura Fácil",
    description:
      "Máquina de coser con 12 puntadas. Funciona, pero el motor hace algo de ruido y le falta el pie para cremalleras. Se entrega con el pedal y la funda.",
    priceCents: 5500,
    condition: "acceptable",
    sellerInfo: "Rosa M. · Toledo",
    category: "hogar-y-cocina",
    color: "Blanco",
    approved: true,
    daysAgo: 12,
  },
  {
    name: "Tablet Lumio Tab 10 con funda teclado",
    description:
      "Tablet de 10 pulgadas con 64 GB y funda con teclado en español. La batería está perfecta y la pantalla siempre ha llevado protector.",
    priceCents: 14000,
    condition: "excellent",
    sellerInfo: "Sara V. · Barcelona",
    category: "informatica",
    brand: "Lumio",
    color: "Gris",
    approved: true,
    visible: false,
    daysAgo: 8,
  },
  {
    name: "Lavadora de 8 kg que no centrifuga",
    description:
      "Lavadora de carga frontal de 8 kg que ha dejado de centrifugar. El tambor y la goma de la puerta están bien. Para piezas o para alguien manitas.",
    priceCents: 4000,
    condition: "for_parts",
    sellerInfo: "Diego C. · Valladolid",
    category: "hogar-y-cocina",
    color: "Blanco",
    weightKg: "65.000",
    approved: false,
    daysAgo: 4,
  },
  {
    name: "Cafetera superautomática Barista Pro",
    description:
      "Cafetera con molinillo integrado y vaporizador de leche. La descalcifico cada mes y funciona perfectamente; tiene un pequeño roce en el lateral que solo se ve de cerca. Incluyo el manual y la jarra de leche.",
    priceCents: 17500,
    condition: "very_good",
    sellerInfo: "Lucía F. · Zaragoza",
    category: "hogar-y-cocina",
    subcategory: "pequeno-electrodomestico",
    brand: "Barista",
    color: "Plata",
    sizeInfo: "24 × 44 × 36 cm",
    weightKg: "9.200",
    approved: true,
    featuredOrder: 5,
    daysAgo: 2,
    videoUrls: [
      "https://videos.example.com/marketplace/cafetera-molienda.mp4",
      "https://videos.example.com/marketplace/cafetera-vaporizador.mp4",
    ],
  },
  {
    name: "Auriculares de diadema Sonora Studio",
    description:
      "Auriculares cerrados con cancelación de ruido, usados unas pocas semanas. Sin marcas, almohadillas como nuevas; los revisamos y la batería conserva su autonomía. Con estuche y cable.",
    priceCents: 9500,
    condition: "excellent",
    sellerInfo: "Jorge P. · Sevilla",
    category: "electronica",
    subcategory: "audio",
    brand: "Sonora",
    color: "Gris grafito",
    weightKg: "0.250",
    approved: true,
    daysAgo: 4,
  },
  {
    name: "Monitor Claro 24 pulgadas Full HD",
    description:
      "Monitor de 24 pulgadas con entrada HDMI y DisplayPort. Sin píxeles muertos; el pie tiene algún arañazo leve. Se entrega con su cable de alimentación.",
    priceCents: 6000,
    condition: "very_good",
    sellerInfo: "Oficina Ruiz · Bilbao",
    category: "informatica",
    subcategory: "perifericos",
    brand: "Claro",
    color: "Negro",
    sizeInfo: "24 pulgadas",
    weightKg: "3.400",
    approved: true,
    daysAgo: 8,
  },
  {
    name: "Zapatillas de trail Cumbre talla 42",
    description:
      "Zapatillas de montaña con unos 150 km. La suela conserva buen agarre; se ven marcas de uso y algo de desgaste en la puntera. Lavadas y desinfectadas.",
    priceCents: 3500,
    condition: "good",
    sellerInfo: "Marta L. · Granada",
    category: "deportes",
    subcategory: "running",
    brand: "Cumbre",
    color: "Naranja y negro",
    sizeInfo: "42 EU",
    approved: true,
    daysAgo: 10,
  },
  {
    name: "Juego de mesa Reinos Perdidos completo",
    description:
      "Edición en castellano con todas las piezas, revisadas una a una. Cartas enfundadas desde el primer día; la caja está como nueva.",
    priceCents: 2800,
    condition: "excellent",
    sellerInfo: "Club Tablero · Madrid",
    category: "juguetes",
    subcategory: "juegos-de-mesa",
    approved: true,
    daysAgo: 6,
  },
];

export interface DemoService extends DemoListing {
  priceType: ServicePriceTypeValue;
  supplier?: SupplierId;
  costCents?: number;
  notes?: string;
}

export const DEMO_SERVICES: DemoService[] = [
  {
    name: "Reparación de pantalla de móvil",
    description:
      "Cambiamos la pantalla rota de tu móvil en el mismo día con piezas de calidad original. Incluye diagnóstico gratuito, protector de cristal templado y seis meses de garantía en la reparación.",
    priceCents: 7900,
    priceType: "per_service",
    category: "electronica",
    subcategory: "moviles",
    supplier: "iberica",
    costCents: 3500,
    notes: "Las pantallas OLED cuestan 40 € más: avisar al cliente antes.",
    featuredOrder: 1,
    daysAgo: 40,
  },
  {
    name: "Instalación de electrodomésticos",
    description:
      "Instalamos tu lavadora, lavavajillas u horno y nos llevamos el aparato viejo para reciclarlo. El técnico comprueba las tomas de agua y la conexión eléctrica antes de irse.",
    priceCents: 4900,
    priceType: "per_service",
    category: "hogar-y-cocina",
    subcategory: "pequeno-electrodomestico",
    supplier: "levante",
    costCents: 2500,
    featuredOrder: 2,
    daysAgo: 60,
  },
  {
    name: "Soporte informático mensual para hogares",
    description:
      "Un técnico a tu disposición por teléfono y asistencia remota para ordenadores, impresoras y wifi. Incluye copia de seguridad en la nube y una revisión anual a domicilio. Sin permanencia.",
    priceCents: 1999,
    priceType: "monthly_subscription",
    category: "informatica",
    notes: "Coste real variable según incidencias; revisar rentabilidad cada trimestre.",
    featuredOrder: 3,
    daysAgo: 55,
    videoUrls: ["https://videos.example.com/servicios/soporte-remoto.mp4"],
  },
  {
    name: "Soporte informático para pequeñas empresas",
    description:
      "Mantenimiento de equipos, correo y red para negocios de hasta 10 puestos. Respuesta en menos de cuatro horas laborables y visita mensual incluida.",
    priceCents: 9900,
    priceType: "monthly_subscription",
    category: "informatica",
    costCents: 4000,
    daysAgo: 50,
  },
  {
    name: "Clases particulares de informática",
    description:
      "Aprende a usar el ordenador, el móvil o la administración electrónica a tu ritmo, en tu casa o en nuestra tienda. Clases pensadas para personas mayores y principiantes.",
    priceCents: 2500,
    priceType: "per_hour",
    category: "informatica",
    daysAgo: 35,
  },
  {
    name: "Montaje de muebles a domicilio",
    description:
      "Montamos armarios, camas, estanterías y muebles de cocina de cualquier marca. Llevamos nuestras herramientas y dejamos la casa limpia y sin cartones.",
    priceCents: 3000,
    priceType: "per_hour",
    category: "hogar-y-cocina",
    subcategory: "decoracion",
    supplier: "ferreteria",
    costCents: 1800,
    daysAgo: 25,
  },
  {
    name: "Puesta a punto de bicicleta",
    description:
      "Revisión completa de frenos, cambios, ruedas y transmisión, con limpieza y engrase. Te la devolvemos lista para rodar en 48 horas.",
    priceCents: 3500,
    priceType: "per_service",
    category: "deportes",
    subcategory: "ciclismo",
    supplier: "deportes",
    costCents: 1200,
    featuredOrder: 4,
    daysAgo: 20,
  },
  {
    name: "Mantenimiento de jardín",
    description:
      "Dos visitas al mes para cortar el césped, podar setos y revisar el riego. Adaptamos el plan a cada estación del año.",
    priceCents: 8900,
    priceType: "monthly_subscription",
    category: "jardin",
    subcategory: "herramientas-de-jardin",
    supplier: "jardin",
    costCents: 5200,
    daysAgo: 15,
  },
  {
    name: "Recuperación de datos de discos dañados",
    description:
      "Recuperamos fotos y documentos de discos duros, memorias USB y tarjetas dañadas. El diagnóstico es gratuito y solo pagas si recuperamos tus datos.",
    priceCents: 14900,
    priceType: "per_service",
    category: "informatica",
    subcategory: "almacenamiento",
    notes: "Los casos de sala limpia se derivan al laboratorio de Madrid (presupuesto aparte).",
    daysAgo: 10,
  },
  {
    name: "Instalación de televisor en pared",
    description:
      "Colgamos tu televisor en la pared con soporte incluido hasta 65 pulgadas y ocultamos los cables con canaleta. Configuramos los canales y las aplicaciones.",
    priceCents: 5900,
    priceType: "per_service",
    category: "electronica",
    subcategory: "televisores",
    supplier: "iberica",
    costCents: 2800,
    visible: false,
    notes: "Pausado: falta técnico en la zona norte.",
    daysAgo: 5,
  },
];

/** A visitor's 'Solicitar este servicio', for the admin's requests view. */
export interface DemoServiceRequest {
  service: string;
  name: string;
  email: string;
  phone?: string;
  /** Preferred date, in days from the seeding day. */
  preferredInDays?: number;
  message: string;
  status: "new" | "contacted" | "closed";
  /** When it was made: hours before the seeding. */
  hoursAgo: number;
}

export const DEMO_SERVICE_REQUESTS: DemoServiceRequest[] = [
  {
    service: "Reparación de pantalla de móvil",
    name: "Lucía Fernández",
    email: "lucia.fernandez@example.com",
    phone: "+34 612 345 678",
    preferredInDays: 3,
    message:
      "Se me ha caído el móvil y la pantalla está rota en una esquina, pero funciona. ¿Podéis cambiarla esta semana? Es un modelo de hace dos años.",
    status: "new",
    hoursAgo: 2,
  },
  {
    service: "Mantenimiento de jardín",
    name: "Jorge Martín",
    email: "jorge.martin@example.com",
    message:
      "Tengo un jardín de unos 200 m² con césped y setos. Me gustaría saber si el precio mensual incluye retirar los restos de poda.",
    status: "new",
    hoursAgo: 20,
  },
  {
    service: "Clases particulares de informática",
    name: "Carmen Ruiz",
    email: "carmen.ruiz@example.com",
    phone: "+34 915 555 012",
    preferredInDays: 7,
    message:
      "Quiero aprender a pedir cita médica y a usar el certificado digital. Prefiero las clases por la mañana en la tienda.",
    status: "contacted",
    hoursAgo: 50,
  },
  {
    service: "Montaje de muebles a domicilio",
    name: "Pablo Sánchez",
    email: "pablo.sanchez@example.com",
    message:
      "Necesito montar un armario de tres puertas y dos mesillas. Ya están en casa, en las cajas.",
    status: "closed",
    hoursAgo: 120,
  },
];

export interface DemoUser {
  name: string;
  email: string;
  password: string;
  role: "customer" | "admin";
  banned?: boolean;
  marketing?: boolean;
  newsletter?: boolean;
  daysAgo: number;
}

export const DEMO_ADMIN_EMAIL = "admin@tienda.local";
export const DEMO_ADMIN_PASSWORD = "Admin-Tienda-2026";
export const DEMO_CUSTOMER_EMAIL = "cliente@tienda.local";
export const DEMO_CUSTOMER_PASSWORD = "Cliente-Tienda-2026";

/** Every demo customer shares the demo customer's password, to try the shop as any of them. */
export const DEMO_USERS: DemoUser[] = [
  {
    name: "Administración Tienda",
    email: DEMO_ADMIN_EMAIL,
    password: DEMO_ADMIN_PASSWORD,
    role: "admin",
    daysAgo: 120,
  },
  {
    name: "Lucía Martín García",
    email: DEMO_CUSTOMER_EMAIL,
    password: DEMO_CUSTOMER_PASSWORD,
    role: "customer",
    marketing: true,
    newsletter: true,
    daysAgo: 95,
  },
  {
    name: "Javier López Fernández",
    email: "javier.lopez@tienda.local",
    password: DEMO_CUSTOMER_PASSWORD,
    role: "customer",
    newsletter: true,
    daysAgo: 88,
  },
  {
    name: "Carmen Sánchez Ruiz",
    email: "carmen.sanchez@tienda.local",
    password: DEMO_CUSTOMER_PASSWORD,
    role: "customer",
    marketing: true,
    daysAgo: 71,
  },
  {
    name: "Alejandro Gómez Díaz",
    email: "alejandro.gomez@tienda.local",
    password: DEMO_CUSTOMER_PASSWORD,
    role: "customer",
    daysAgo: 64,
  },
  {
    name: "María José Navarro Torres",
    email: "mariajose.navarro@tienda.local",
    password: DEMO_CUSTOMER_PASSWORD,
    role: "customer",
    newsletter: true,
    daysAgo: 45,
  },
  {
    name: "Pablo Romero Castillo",
    email: "pablo.romero@tienda.local",
    password: DEMO_CUSTOMER_PASSWORD,
    role: "customer",
    banned: true,
    daysAgo: 40,
  },
  {
    name: "Elena Jiménez Moreno",
    email: "elena.jimenez@tienda.local",
    password: DEMO_CUSTOMER_PASSWORD,
    role: "customer",
    marketing: true,
    newsletter: true,
    daysAgo: 22,
  },
  {
    name: "Sergio Álvarez Ortega",
    email: "sergio.alvarez@tienda.local",
    password: DEMO_CUSTOMER_PASSWORD,
    role: "customer",
    daysAgo: 9,
  },
];

export interface DemoReview {
  /** E-mail of the author (one of DEMO_USERS). */
  author: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  /** Name of the reviewed product; shop-wide when absent. */
  product?: string;
  daysAgo: number;
}

export const DEMO_REVIEWS: DemoReview[] = [
  {
    author: DEMO_CUSTOMER_EMAIL,
    rating: 5,
    daysAgo: 2,
    comment:
      "Pedí la freidora de aire un domingo y el martes ya la tenía en casa. Todo perfecto, repetiré seguro.",
  },
  {
    author: "javier.lopez@tienda.local",
    rating: 5,
    daysAgo: 6,
    comment:
      "Muy buena atención por teléfono: me ayudaron a elegir portátil sin intentar venderme el más caro.",
  },
  {
    author: "carmen.sanchez@tienda.local",
    rating: 4,
    daysAgo: 9,
    comment:
      "Buenos precios y envío rápido. Le quito una estrella porque la caja llegó un poco aplastada, aunque el producto estaba bien.",
  },
  {
    author: "alejandro.gomez@tienda.local",
    rating: 5,
    daysAgo: 13,
    comment:
      "Compré un móvil reacondicionado y parece nuevo. La batería dura todo el día. Muy recomendable.",
  },
  {
    author: "mariajose.navarro@tienda.local",
    rating: 4,
    daysAgo: 18,
    comment:
      "Tienen de todo y la web es fácil de usar. Me gustaría que hubiera más tallas en calzado.",
  },
  {
    author: "elena.jimenez@tienda.local",
    rating: 5,
    daysAgo: 21,
    comment:
      "Contraté el mantenimiento de jardín y estoy encantada: puntuales, limpios y muy amables.",
  },
  {
    author: "sergio.alvarez@tienda.local",
    rating: 3,
    daysAgo: 27,
    comment:
      "El producto está bien, pero el envío tardó una semana en lugar de los dos días que indicaban.",
  },
  {
    author: DEMO_CUSTOMER_EMAIL,
    rating: 5,
    daysAgo: 34,
    comment:
      "Devolví unas zapatillas que no me quedaban bien y me reembolsaron el dinero en tres días. Así da gusto.",
  },
  {
    author: "javier.lopez@tienda.local",
    rating: 4,
    daysAgo: 41,
    comment:
      "El servicio de reparación de pantalla fue rápido; en dos horas tenía el móvil arreglado.",
  },
  {
    author: "carmen.sanchez@tienda.local",
    rating: 5,
    daysAgo: 52,
    comment:
      "Llevo años comprando aquí libros y juguetes para mis sobrinos. Siempre bien empaquetado y a tiempo.",
  },
  {
    author: "pablo.romero@tienda.local",
    rating: 2,
    daysAgo: 63,
    comment:
      "El robot aspirador se quedaba atascado en las alfombras. Al menos la devolución fue sencilla.",
  },
  {
    author: "alejandro.gomez@tienda.local",
    rating: 5,
    daysAgo: 77,
    comment:
      "Precios muy competitivos en informática y la tarjeta gráfica llegó perfectamente protegida.",
  },
  {
    author: "elena.jimenez@tienda.local",
    rating: 4,
    daysAgo: 85,
    comment:
      "Muy contenta con el vestido de lino, aunque tuve que cambiar la talla. El cambio fue gratuito.",
  },
  {
    author: DEMO_CUSTOMER_EMAIL,
    rating: 5,
    product: "Freidora de aire Cocina Viva 5,5 L",
    daysAgo: 3,
    comment: "Hace unas patatas riquísimas con muy poco aceite y se limpia en un momento.",
  },
  {
    author: "javier.lopez@tienda.local",
    rating: 4,
    product: "Portátil Pixelia Book 14 (i5, 16 GB, 512 GB SSD)",
    daysAgo: 7,
    comment: "Ligero y rápido. La batería dura unas 8 horas con uso normal de oficina.",
  },
  {
    author: "mariajose.navarro@tienda.local",
    rating: 5,
    product: "Don Quijote de la Mancha (edición ilustrada)",
    daysAgo: 15,
    comment: "Una edición preciosa, las ilustraciones son una maravilla. Ideal para regalar.",
  },
  {
    author: "sergio.alvarez@tienda.local",
    rating: 1,
    product: "Altavoz Bluetooth Sonora Mini resistente al agua",
    daysAgo: 24,
    comment: "Dejó de cargar a las dos semanas. Lo he enviado a garantía a ver qué me dicen.",
  },
  {
    author: "carmen.sanchez@tienda.local",
    rating: 5,
    product: "Juego de mesa Conquista de Iberia",
    daysAgo: 5,
    comment:
      "Lo estrenamos en familia y nos enganchó a todos. Las reglas se aprenden en diez minutos.",
  },
];

/** The demo customer's favourites (product names). */
export const DEMO_FAVORITES: { user: string; product: string; daysAgo: number }[] = [
  {
    user: DEMO_CUSTOMER_EMAIL,
    product: "Cafetera superautomática Cocina Viva Barista",
    daysAgo: 1,
  },
  { user: DEMO_CUSTOMER_EMAIL, product: "Auriculares inalámbricos Sonora Aire Pro", daysAgo: 2 },
  { user: DEMO_CUSTOMER_EMAIL, product: "Vestido midi de lino Mareas", daysAgo: 4 },
  { user: DEMO_CUSTOMER_EMAIL, product: "Mochila de trekking Cumbre 40 L", daysAgo: 6 },
  { user: DEMO_CUSTOMER_EMAIL, product: "Robot aspirador Kalma R7 con mapeo láser", daysAgo: 10 },
  {
    user: "javier.lopez@tienda.local",
    product: "Portátil gaming Pixelia Fury 16 RTX 4060",
    daysAgo: 3,
  },
];

// ── Pure helpers ───────────────────────────────────────────────────────────────

/** Appends the EAN-13 check digit to 12 digits. */
export function ean13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13(code.slice(0, 12)) === code;
}

/** A small deterministic PRNG (mulberry32), so the demo data is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Demo orders, so that Mis Pedidos and /admin/pedidos are not empty in a new shop.
 * `user: null` is a guest's order (found on /pedidos/seguimiento with number + e-mail).
 * `hoursAgo` is when it was placed; every status it went through is in its history.
 */
export interface DemoOrder {
  number: string;
  user: string | null;
  guest?: { name: string; email: string };
  status: "paid" | "preparing" | "shipped" | "delivered" | "cancelled";
  hoursAgo: number;
  lines: { product: string; quantity: number }[];
  trackingNumber?: string;
  address: { line1: string; postalCode: string; city: string; province: string };
}

export const DEMO_GUEST_ORDER_EMAIL = "marta.invitada@example.com";

export const DEMO_ORDERS: DemoOrder[] = [
  {
    number: "P-2026-DEMO01",
    user: DEMO_CUSTOMER_EMAIL,
    status: "delivered",
    hoursAgo: 24 * 21,
    lines: [
      { product: "Mochila de trekking Cumbre 40 L", quantity: 1 },
      { product: "Vestido midi de lino Mareas", quantity: 2 },
    ],
    trackingNumber: "ES2026000123456",
    address: {
      line1: "Calle de Alcalá 120, 3º B",
      postalCode: "28009",
      city: "Madrid",
      province: "Madrid",
    },
  },
  {
    number: "P-2026-DEMO02",
    user: DEMO_CUSTOMER_EMAIL,
    status: "shipped",
    hoursAgo: 24 * 3,
    lines: [{ product: "Auriculares inalámbricos Sonora Aire Pro", quantity: 1 }],
    trackingNumber: "ES2026000654321",
    address: {
      line1: "Calle de Alcalá 120, 3º B",
      postalCode: "28009",
      city: "Madrid",
      province: "Madrid",
    },
  },
  {
    number: "P-2026-DEMO03",
    user: DEMO_CUSTOMER_EMAIL,
    status: "paid",
    // Placed minutes ago: the dashboard shows today's sales in a new shop.
    hoursAgo: 0.1,
    lines: [{ product: "Cafetera superautomática Cocina Viva Barista", quantity: 1 }],
    address: {
      line1: "Calle de Alcalá 120, 3º B",
      postalCode: "28009",
      city: "Madrid",
      province: "Madrid",
    },
  },
  {
    number: "P-2026-DEMO04",
    user: "javier.lopez@tienda.local",
    status: "preparing",
    hoursAgo: 30,
    lines: [{ product: "Portátil gaming Pixelia Fury 16 RTX 4060", quantity: 1 }],
    address: {
      line1: "Avinguda Diagonal 450",
      postalCode: "08006",
      city: "Barcelona",
      province: "Barcelona",
    },
  },
  {
    number: "P-2026-DEMO05",
    user: null,
    guest: { name: "Marta Ibáñez Soler", email: DEMO_GUEST_ORDER_EMAIL },
    status: "shipped",
    hoursAgo: 24 * 2,
    lines: [{ product: "Robot aspirador Kalma R7 con mapeo láser", quantity: 1 }],
    trackingNumber: "ES2026000777888",
    address: {
      line1: "Calle Colón 15, 2º",
      postalCode: "46004",
      city: "Valencia",
      province: "Valencia",
    },
  },
  {
    number: "P-2026-DEMO06",
    user: "carmen.sanchez@tienda.local",
    status: "cancelled",
    hoursAgo: 24 * 8,
    lines: [{ product: "Vestido midi de lino Mareas", quantity: 1 }],
    address: {
      line1: "Calle Sierpes 40",
      postalCode: "41004",
      city: "Sevilla",
      province: "Sevilla",
    },
  },
];
