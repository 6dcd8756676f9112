/**
 * Static content pages (spec §2 "Static pages" plus the linked /sobre-nosotros and /empleo;
 * /pedidos/seguimiento became the order-tracking form). Pure data, safe for the browser and for routes.ts.
 *
 * Text in square brackets is filled in from the company data of /admin/configuracion when the
 * page is shown (content/legal-placeholders.ts): "[Razón social]", "[NIF]", "[Dirección]",
 * "[Datos registrales]", "[Teléfono]" and "[Correo electrónico]". Until the owner saves that data, a paragraph
 * that needs it is left out and the page says the information is being completed: the public
 * never sees a bracket. Any other bracketed text counts as a placeholder nobody can fill in.
 */

export const STATIC_PAGE_PATHS = [
  "compramos",
  "afiliados",
  "invertir",
  "proyectos-beneficos",
  "necesitas-ayuda",
  "aviso-legal",
  "terminos-y-condiciones",
  "politica-de-privacidad",
  "politica-de-devoluciones",
  "contacto",
  "sobre-nosotros",
  "empleo",
] as const;

export type StaticPagePath = (typeof STATIC_PAGE_PATHS)[number];

export interface StaticPageSection {
  /** Anchor id (e.g. "faq" for /necesitas-ayuda#faq). */
  id?: string;
  heading: string;
  paragraphs: string[];
}

export interface StaticPage {
  title: string;
  /** Meta description (about 150 characters). */
  description: string;
  intro: string;
  sections: StaticPageSection[];
  /** Optional calls to action shown after the sections. */
  links?: { label: string; to: string }[];
}

const PAGES: Record<StaticPagePath, StaticPage> = {
  compramos: {
    title: "Compramos tu dispositivo",
    description:
      "Vende tu móvil, tablet, portátil o consola usados. Te hacemos una oferta sin compromiso, recogemos el envío gratis y te pagamos por transferencia.",
    intro:
      "¿Tienes en un cajón un móvil, una tablet o un portátil que ya no usas? Lo compramos. Le damos una segunda vida reacondicionándolo y tú recibes dinero por él, sin complicaciones.",
    sections: [
      {
        heading: "Qué compramos",
        paragraphs: [
          "Compramos teléfonos móviles, tablets, ordenadores portátiles y de sobremesa, consolas, relojes inteligentes, cámaras y otros aparatos electrónicos de marcas reconocidas con menos de ocho años de antigüedad.",
          "También nos interesan los dispositivos con pequeños defectos (pantalla rayada, batería gastada, botones que fallan). Tendremos en cuenta su estado en la oferta. No compramos aparatos bloqueados, denunciados como robados o con la cuenta del fabricante activa.",
        ],
      },
      {
        heading: "Cómo funciona",
        paragraphs: [
          "1. Escríbenos desde la página de contacto indicando el modelo, la capacidad, el estado y si conservas la caja, el cargador y la factura. Te responderemos con una oferta orientativa en un plazo de 48 horas laborables.",
          "2. Si aceptas, te enviamos una etiqueta de envío gratuita. Empaqueta bien el dispositivo y entrégalo en el punto de recogida indicado.",
          "3. Nuestro equipo técnico revisa el aparato en un máximo de 5 días laborables desde su recepción. Si el estado coincide con lo que nos contaste, te confirmamos la oferta; si no, te proponemos un nuevo precio y puedes rechazarlo: en ese caso te lo devolvemos sin coste.",
        ],
      },
      {
        heading: "Pago",
        paragraphs: [
          "Pagamos por transferencia bancaria en un plazo máximo de 3 días laborables desde que aceptas la oferta definitiva. Para cumplir la normativa sobre compraventa de objetos usados te pediremos tu nombre completo, tu DNI o NIE y que declares ser el propietario legítimo del dispositivo. Debes ser mayor de edad.",
        ],
      },
      {
        heading: "Tus datos, borrados de verdad",
        paragraphs: [
          "Antes de enviarlo, haz una copia de seguridad, cierra la sesión de tus cuentas (Apple ID, cuenta de Google, etc.) y restablece el dispositivo a los valores de fábrica. Aun así, todos los aparatos que compramos pasan por un borrado seguro certificado antes de volver a la venta.",
        ],
      },
    ],
    links: [{ label: "Pedir una oferta", to: "/contacto" }],
  },

  afiliados: {
    title: "Programa de afiliados",
    description:
      "Recomienda nuestros productos en tu web, blog o redes sociales y gana una comisión por cada venta que generes. Descubre cómo unirte al programa.",
    intro:
      "Si tienes una web, un blog, un canal de vídeo o una comunidad en redes sociales, puedes ganar dinero recomendando nuestros productos nuevos, reacondicionados y de segunda mano.",
    sections: [
      {
        heading: "Cómo funciona",
        paragraphs: [
          "Al unirte recibes un enlace personal de seguimiento. Cuando alguien llega a la tienda a través de tu enlace y completa una compra en los días siguientes (el plazo figura en las condiciones que te enviamos al darte de alta), te asignamos la venta.",
          "Por cada pedido válido ganas una comisión sobre el importe sin IVA ni gastos de envío; te indicamos el porcentaje al aceptar tu solicitud. Los pedidos cancelados o devueltos dentro del plazo de desistimiento no generan comisión.",
        ],
      },
      {
        heading: "Requisitos",
        paragraphs: [
          "Buscamos colaboradores con contenido propio y de calidad relacionado con la tecnología, el consumo responsable o las compras inteligentes. No se admiten webs con contenido ilegal, engañoso u ofensivo, ni la compra de anuncios que usen nuestra marca como palabra clave.",
          "Debes indicar de forma clara a tu audiencia que se trata de enlaces de afiliado, tal como exige la normativa de publicidad y de protección de los consumidores.",
        ],
      },
      {
        heading: "Pagos",
        paragraphs: [
          "Liquidamos las comisiones una vez al mes, por transferencia bancaria, cuando el saldo acumulado supera el mínimo indicado en tus condiciones de alta. Necesitaremos tus datos fiscales para emitir la factura correspondiente.",
        ],
      },
      {
        heading: "Cómo unirte",
        paragraphs: [
          "Escríbenos desde la página de contacto con el asunto «Afiliados», indicando la dirección de tu web o de tus perfiles y una breve descripción de tu audiencia. Revisamos cada solicitud y respondemos en un plazo aproximado de una semana.",
        ],
      },
    ],
    links: [{ label: "Solicitar el alta", to: "/contacto" }],
  },

  invertir: {
    title: "Invierte en nosotros",
    description:
      "Información para inversores interesados en nuestro proyecto de comercio electrónico de productos nuevos, reacondicionados y de segunda mano.",
    intro:
      "Estamos construyendo una tienda que apuesta por la economía circular: vender tecnología nueva y también dar una segunda vida a la que ya existe. Si te interesa formar parte del proyecto, nos encantará hablar contigo.",
    sections: [
      {
        heading: "Nuestro proyecto",
        paragraphs: [
          "Combinamos tres líneas de negocio: un catálogo de productos nuevos, usados y reacondicionados; un marketplace de segunda mano revisado por nuestro equipo; y servicios técnicos de reparación y mantenimiento. Esta combinación nos permite aprovechar cada dispositivo durante más años y diversificar ingresos.",
        ],
      },
      {
        heading: "Qué buscamos",
        paragraphs: [
          "Buscamos socios que aporten capital, experiencia en comercio electrónico, logística o reacondicionamiento de electrónica, y que compartan nuestra visión de un consumo más responsable.",
          "Podemos facilitar, bajo acuerdo de confidencialidad, información sobre nuestras cifras, el plan de negocio y las necesidades de financiación previstas.",
        ],
      },
      {
        heading: "Aviso importante",
        paragraphs: [
          "La información de esta página tiene carácter meramente informativo y no constituye una oferta pública de valores ni una recomendación de inversión. Toda inversión conlleva riesgos, incluida la posible pérdida del capital invertido. Cualquier operación se formalizará mediante la documentación legal correspondiente y de acuerdo con la normativa vigente.",
        ],
      },
      {
        heading: "Contacto para inversores",
        paragraphs: [
          "Escríbenos desde la [página de contacto](/contacto) con el asunto «Inversión». Te responderá directamente el equipo de dirección.",
        ],
      },
    ],
    links: [{ label: "Contactar", to: "/contacto" }],
  },

  "proyectos-beneficos": {
    title: "Proyectos benéficos",
    description:
      "Donamos dispositivos reacondicionados a entidades sociales y destinamos parte de nuestras ventas a proyectos de inclusión digital y reciclaje responsable.",
    intro:
      "Creemos que la tecnología debe llegar a todo el mundo y que ningún aparato útil debería acabar en un vertedero. Por eso colaboramos con entidades sin ánimo de lucro en proyectos de inclusión digital y medio ambiente.",
    sections: [
      {
        heading: "Dispositivos para quien los necesita",
        paragraphs: [
          "Una parte de los ordenadores, tablets y móviles que reacondicionamos se dona a asociaciones, centros educativos y entidades sociales que trabajan con familias en situación de vulnerabilidad, personas mayores y estudiantes sin recursos.",
          "Todos los equipos donados pasan por el mismo proceso de revisión y borrado seguro de datos que los que vendemos, e incluyen un periodo de soporte técnico gratuito.",
        ],
      },
      {
        heading: "Reciclaje responsable",
        paragraphs: [
          "Los aparatos que no pueden repararse se entregan a gestores autorizados de residuos de aparatos eléctricos y electrónicos (RAEE), que recuperan sus materiales y tratan de forma segura sus componentes contaminantes.",
        ],
      },
      {
        heading: "Cómo puedes colaborar",
        paragraphs: [
          "Puedes donarnos los dispositivos que ya no uses: si no podemos comprarlos, te ofrecemos la opción de cederlos a uno de nuestros proyectos. Si representas a una entidad sin ánimo de lucro y quieres recibir equipos, escríbenos contando tu proyecto y lo estudiaremos.",
          "Cada año publicaremos en esta página un resumen de los equipos donados y de las entidades con las que hemos colaborado.",
        ],
      },
    ],
    links: [{ label: "Proponer una colaboración", to: "/contacto" }],
  },

  "necesitas-ayuda": {
    title: "¿Necesitas ayuda?",
    description:
      "Centro de ayuda: respuestas a las preguntas más frecuentes sobre pedidos, envíos, pagos, devoluciones, garantía y tu cuenta de cliente.",
    intro:
      "Aquí encontrarás respuesta a las dudas más habituales. Si no das con lo que buscas, nuestro equipo de atención al cliente te ayudará encantado.",
    sections: [
      {
        id: "faq",
        heading: "Preguntas frecuentes",
        paragraphs: [
          "¿Cuánto tarda en llegar mi pedido? Los pedidos de la península se entregan normalmente en 24-72 horas laborables desde la confirmación del pago. Para Baleares, Canarias, Ceuta y Melilla el plazo puede ser mayor; te lo indicaremos antes de pagar.",
          "¿Cómo sé en qué estado está mi pedido? Si tienes cuenta, entra en Mi Perfil → Mis Pedidos. Además, te enviamos un correo electrónico con el número de seguimiento en cuanto sale de nuestro almacén.",
          "¿Qué formas de pago aceptáis? Puedes pagar con tarjeta de crédito o débito a través de una pasarela de pago segura. Nunca almacenamos los datos de tu tarjeta.",
          "¿Los precios incluyen IVA? Sí. Todos los precios que ves en la tienda incluyen el IVA. Los gastos de envío, si los hay, se muestran antes de finalizar la compra.",
          "¿Puedo devolver un producto? Sí, dispones de 14 días naturales desde que lo recibes para desistir de la compra sin dar explicaciones. Consulta los detalles en nuestra política de devoluciones.",
          "¿Qué garantía tienen los productos? Los productos nuevos tienen una garantía legal de 3 años. Los productos usados y reacondicionados tienen una garantía de al menos 1 año, como permite la ley para bienes de segunda mano.",
          "¿Qué diferencia hay entre «usado» y «reacondicionado»? Un producto reacondicionado ha sido revisado, reparado si hacía falta y probado por técnicos; uno usado se vende en el estado descrito en su ficha. En ambos casos indicamos claramente su estado.",
          "He olvidado mi contraseña, ¿qué hago? En la página de inicio de sesión tienes la opción de restablecerla. Te enviaremos un enlace a tu correo electrónico.",
        ],
      },
      {
        heading: "¿Sigues con dudas?",
        paragraphs: [
          "Escríbenos desde la página de contacto indicando, si lo tienes, tu número de pedido. Respondemos en un plazo máximo de 24 horas laborables.",
        ],
      },
    ],
    links: [
      { label: "Contactar", to: "/contacto" },
      { label: "Política de devoluciones", to: "/politica-de-devoluciones" },
    ],
  },

  "aviso-legal": {
    title: "Aviso legal",
    description:
      "Aviso legal e información del titular de la tienda online conforme a la Ley 34/2002 de servicios de la sociedad de la información (LSSI-CE).",
    intro:
      "En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE), se facilitan a continuación los datos del titular de este sitio web.",
    sections: [
      {
        heading: "Objeto y condiciones de uso",
        paragraphs: [
          "Este sitio web permite consultar y comprar productos nuevos, usados y reacondicionados, acceder a un marketplace de segunda mano y contratar servicios. El acceso es gratuito, salvo el coste de la conexión a internet.",
          "La persona usuaria se compromete a hacer un uso adecuado de los contenidos y servicios, a no emplearlos para actividades ilícitas o contrarias a la buena fe, y a no causar daños en los sistemas del titular o de terceros.",
        ],
      },
      {
        heading: "Propiedad intelectual e industrial",
        paragraphs: [
          "Los textos, imágenes, logotipos, diseño y código de este sitio son propiedad del titular o de terceros que han autorizado su uso. Queda prohibida su reproducción, distribución o transformación sin autorización expresa, salvo para uso personal y privado. Las marcas de los productos pertenecen a sus respectivos fabricantes.",
        ],
      },
      {
        heading: "Responsabilidad",
        paragraphs: [
          "El titular trabaja para que la información publicada sea correcta y esté actualizada, y para que el sitio funcione sin interrupciones, pero no puede garantizarlo en todo momento. No se hace responsable del contenido de los sitios web de terceros a los que se pueda acceder mediante enlaces.",
        ],
      },
      {
        heading: "Legislación aplicable",
        paragraphs: [
          "Este aviso legal se rige por la legislación española. Para cualquier controversia con consumidores serán competentes los juzgados y tribunales del domicilio de la persona consumidora.",
        ],
      },
    ],
  },

  "terminos-y-condiciones": {
    title: "Términos y condiciones",
    description:
      "Condiciones generales de contratación de la tienda online: proceso de compra, precios, pago, envío, desistimiento, garantía y resolución de conflictos.",
    intro:
      "Estas condiciones regulan las compras realizadas en esta tienda online (en adelante, «la Tienda»), cuyo titular se identifica en el apartado «Quiénes somos». Te recomendamos leerlas antes de hacer un pedido; al completar la compra declaras haberlas leído y aceptado.",
    sections: [
      {
        heading: "Quiénes somos",
        paragraphs: [
          "Titular de la Tienda: [Razón social], con NIF [NIF] y domicilio en [Dirección].",
          "Datos registrales: [Datos registrales].",
          "Correo electrónico: [Correo electrónico]. También puedes escribirnos desde la [página de contacto](/contacto).",
          "Teléfono: [Teléfono].",
        ],
      },
      {
        heading: "Proceso de compra",
        paragraphs: [
          "Para comprar debes ser mayor de edad. Añade los productos al carrito, revisa el resumen del pedido e introduce tus datos de envío y de pago. El contrato se perfecciona cuando recibes nuestro correo electrónico de confirmación del pedido, que incluye el resumen de la compra.",
          "Hasta que pulsas «Pagar» puedes revisar y corregir en la página de compra los productos, las cantidades y tus datos. El contrato se celebra en español. Guardamos cada pedido: puedes consultarlo en «Mis pedidos» si tienes cuenta, o en [Seguimiento de pedidos](/pedidos/seguimiento) con su número y tu correo electrónico.",
          "Las fotografías y descripciones de los productos usados y reacondicionados reflejan su estado real. Cualquier marca de uso relevante se indica en la ficha del producto.",
        ],
      },
      {
        heading: "Precios y pago",
        paragraphs: [
          "Todos los precios se expresan en euros e incluyen el IVA. Los gastos de envío, cuando los haya, se muestran antes de confirmar el pedido. El pago se realiza con tarjeta a través de una pasarela de pago segura; la Tienda no almacena los datos de tu tarjeta.",
        ],
      },
      {
        heading: "Envío y entrega",
        paragraphs: [
          "Enviamos a toda España. El plazo habitual de entrega en la península es de 24 a 72 horas laborables desde la confirmación del pago. En cualquier caso, entregaremos el pedido en un plazo máximo de 30 días naturales. Si no fuera posible, te informaremos y podrás cancelar el pedido con el reembolso íntegro de lo pagado.",
        ],
      },
      {
        heading: "Derecho de desistimiento",
        paragraphs: [
          "Dispones de 14 días naturales desde la recepción del producto para desistir de la compra sin necesidad de justificación, en los términos descritos en nuestra política de devoluciones.",
        ],
      },
      {
        heading: "Garantía",
        paragraphs: [
          "Los productos nuevos tienen una garantía legal de conformidad de 3 años desde la entrega, conforme al texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios. Para los productos usados y reacondicionados la garantía es de 1 año desde la entrega. Durante la garantía puedes solicitar la reparación o sustitución del producto y, si no fuera posible, una rebaja del precio o la resolución del contrato.",
        ],
      },
      {
        heading: "Reclamaciones y legislación aplicable",
        paragraphs: [
          "Puedes enviarnos cualquier queja o reclamación desde la [página de contacto](/contacto) o al correo electrónico indicado en «Quiénes somos»; te responderemos en el menor plazo posible y, como máximo, en un mes. Disponemos de hojas de reclamaciones a tu disposición. También puedes acudir a la Junta Arbitral de Consumo de tu comunidad autónoma. Estas condiciones se rigen por la ley española.",
        ],
      },
    ],
    links: [{ label: "Política de devoluciones", to: "/politica-de-devoluciones" }],
  },

  "politica-de-privacidad": {
    title: "Política de privacidad",
    description:
      "Cómo tratamos tus datos personales conforme al RGPD y la LOPDGDD: responsable, finalidades, base jurídica, conservación, destinatarios y tus derechos.",
    intro:
      "Tu privacidad nos importa. Esta política explica qué datos personales tratamos, para qué, durante cuánto tiempo y qué derechos tienes, conforme al Reglamento (UE) 2016/679 (RGPD) y la Ley Orgánica 3/2018 (LOPDGDD).",
    sections: [
      {
        heading: "Responsable del tratamiento",
        paragraphs: [
          "[Razón social], con NIF [NIF] y domicilio en [Dirección].",
          "Para cualquier cuestión relacionada con tus datos, escríbenos a [Correo electrónico] o desde la [página de contacto](/contacto).",
        ],
      },
      {
        heading: "Qué datos tratamos y para qué",
        paragraphs: [
          "Cuenta de cliente: nombre, correo electrónico y contraseña (que guardamos cifrada de forma irreversible), para gestionar tu cuenta, tus favoritos y tus reseñas. Base jurídica: la ejecución del contrato.",
          "Pedidos: datos de contacto, dirección de envío y datos de la compra, para gestionar el pedido, el envío, las devoluciones y la facturación. Base jurídica: la ejecución del contrato y el cumplimiento de obligaciones legales (fiscales y contables).",
          "Newsletter y comunicaciones comerciales: tu correo electrónico, solo si nos has dado tu consentimiento expreso. Puedes retirarlo en cualquier momento desde tu perfil o con el enlace incluido en cada envío.",
          "Consultas: los datos que nos facilites al escribirnos, para responderte. Base jurídica: tu consentimiento y nuestro interés legítimo en atender las solicitudes.",
        ],
      },
      {
        heading: "Conservación",
        paragraphs: [
          "Conservamos los datos de tu cuenta mientras no solicites su supresión. Los datos de los pedidos se guardan durante los plazos exigidos por la normativa fiscal y mercantil (en general, 6 años). Los datos de la newsletter, hasta que retires tu consentimiento.",
        ],
      },
      {
        heading: "Destinatarios",
        paragraphs: [
          "No vendemos tus datos. Solo los comunicamos a proveedores que nos prestan servicios necesarios —alojamiento web, pasarela de pago, empresas de transporte y envío de correo electrónico— con los que hemos firmado el correspondiente contrato de encargo del tratamiento, y a las administraciones públicas cuando la ley lo exige. Si algún proveedor trata datos fuera del Espacio Económico Europeo, lo hace con las garantías adecuadas previstas en el RGPD.",
        ],
      },
      {
        heading: "Tus derechos",
        paragraphs: [
          "Puedes ejercer tus derechos de acceso, rectificación, supresión, oposición, limitación del tratamiento y portabilidad escribiéndonos al correo electrónico indicado en «Responsable del tratamiento» o desde la [página de contacto](/contacto), indicando qué derecho quieres ejercer. Si consideras que no hemos tratado tus datos correctamente, puedes presentar una reclamación ante la Agencia Española de Protección de Datos (www.aepd.es).",
        ],
      },
      {
        heading: "Cookies",
        paragraphs: [
          "Usamos únicamente cookies técnicas, imprescindibles para mantener tu sesión iniciada, recordar tu carrito y proteger los formularios. Estas cookies no requieren consentimiento y no se usan para publicidad ni para analizar tu navegación.",
        ],
      },
    ],
  },

  "politica-de-devoluciones": {
    title: "Política de devoluciones",
    description:
      "Devuelve tu compra en 14 días naturales desde la recepción. Cómo ejercer el desistimiento, plazos de reembolso, excepciones y garantía legal.",
    intro:
      "Queremos que estés satisfecho con tu compra. Si no es así, tienes 14 días naturales desde que recibes el producto para devolverlo sin dar explicaciones, tal como establece el texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios.",
    sections: [
      {
        heading: "Cómo devolver un producto",
        paragraphs: [
          "1. Comunícanos tu decisión antes de que termine el plazo de 14 días. Lo más sencillo es el botón «Desistir del contrato aquí» de la página de tu pedido: en [Mis pedidos](/perfil/pedidos) si tienes cuenta o, si compraste sin cuenta, en el [seguimiento de pedidos](/pedidos/seguimiento) con el número del pedido y tu correo. Eliges los productos y las unidades, escribes un motivo solo si quieres y pulsas «Confirmar desistimiento»; al momento te enviamos por correo el justificante, con la fecha y la hora de recepción y, si tienes que devolvernos algo, el número de devolución.",
          "También puedes comunicárnoslo desde la [página de contacto](/contacto), por correo electrónico o por teléfono (ver «Dónde escribirnos y enviar el producto»), indicando tu nombre, el número de pedido y los productos que quieres devolver, o con el [modelo de formulario de desistimiento (PDF)](/desistimiento/formulario.pdf), que también te enviamos con la confirmación del pedido. Su uso no es obligatorio.",
          "Puedes desistir también antes de recibir el pedido, con el mismo botón. Si aún no lo hemos enviado y desistes de todo el pedido, lo cancelamos al momento y te devolvemos todo lo que pagaste, sin que tengas que devolver nada; si desistes solo de una parte, no te enviaremos esas unidades y te devolveremos su importe. Si ya va de camino, nos lo devuelves cuando lo recibas.",
          "2. Envíanos el producto en un plazo máximo de 14 días naturales desde que nos comunicaste el desistimiento, a la dirección indicada en «Dónde escribirnos y enviar el producto», con todos sus accesorios y, a ser posible, en su embalaje original.",
        ],
      },
      {
        heading: "Dónde escribirnos y enviar el producto",
        paragraphs: [
          "Correo electrónico: [Correo electrónico].",
          "Teléfono: [Teléfono].",
          "Dirección para devoluciones: [Razón social], [Dirección]. Salvo que al responder a tu solicitud te indiquemos otra.",
        ],
      },
      {
        heading: "Reembolso",
        paragraphs: [
          "Te devolveremos el importe pagado, incluidos los gastos de envío estándar de la entrega, en un plazo máximo de 14 días naturales desde que nos comuniques el desistimiento, usando el mismo medio de pago que utilizaste. Podemos esperar a recibir el producto, o a que nos acredites su envío, antes de hacer el reembolso.",
          "Los gastos de devolución corren a tu cargo, salvo que el producto sea defectuoso o no corresponda con lo que pediste. Si el producto presenta un deterioro debido a un uso distinto del necesario para comprobar su naturaleza y funcionamiento, podremos descontar la depreciación correspondiente.",
        ],
      },
      {
        heading: "Excepciones",
        paragraphs: [
          "Como prevé la ley, no se admite el desistimiento de productos confeccionados según tus especificaciones o claramente personalizados, de productos que puedan deteriorarse o caducar con rapidez, de productos precintados que no sean aptos para ser devueltos por razones de protección de la salud o de higiene y que hayas desprecintado, ni de grabaciones o programas informáticos precintados que hayas abierto.",
        ],
      },
      {
        heading: "Productos defectuosos",
        paragraphs: [
          "Si el producto llega dañado o deja de funcionar, no se trata de un desistimiento sino de la garantía legal: 3 años para productos nuevos y 1 año para productos usados y reacondicionados. Avísanos con el enlace «Informar de un problema con un producto» de la página de tu pedido, o contacta con nosotros, y nos haremos cargo de la reparación, la sustitución o el reembolso, sin coste para ti.",
          "La página de cada producto indica si no admite desistimiento o si solo lo admite mientras el precinto esté intacto.",
        ],
      },
    ],
    links: [{ label: "Solicitar una devolución", to: "/contacto" }],
  },

  contacto: {
    title: "Contacto",
    description:
      "Escribe a nuestro equipo de atención al cliente con el formulario de contacto o por correo electrónico. Te ayudamos con pedidos, devoluciones, garantías y dudas.",
    intro:
      "¿Tienes una pregunta sobre un producto, un pedido o una devolución? Estamos aquí para ayudarte. Antes de escribirnos, echa un vistazo a las preguntas frecuentes: quizá la respuesta ya esté allí.",
    sections: [
      {
        heading: "Atención al cliente",
        paragraphs: [
          "Escríbenos con el formulario de esta página: respondemos en un plazo máximo de 24 horas laborables.",
          "También puedes escribirnos directamente a [Correo electrónico].",
          "Si lo prefieres, llámanos al [Teléfono].",
          "Si tu consulta trata de un pedido, indica el número de pedido y el correo electrónico con el que lo hiciste para que podamos localizarlo rápidamente.",
        ],
      },
      {
        heading: "Dirección postal",
        paragraphs: [
          "[Razón social], [Dirección]. Esta dirección no es un punto de venta ni de recogida: para devoluciones, sigue las instrucciones de nuestra política de devoluciones.",
        ],
      },
      {
        heading: "Otras consultas",
        paragraphs: [
          "Para vender tu dispositivo, colaborar como afiliado, proponer un proyecto benéfico o hablar de inversión, escríbenos indicando el tema en el asunto del mensaje y lo haremos llegar a la persona adecuada.",
          "Tenemos hojas de reclamaciones a disposición de los consumidores que las soliciten.",
        ],
      },
    ],
    links: [{ label: "Ver preguntas frecuentes", to: "/necesitas-ayuda#faq" }],
  },

  "sobre-nosotros": {
    title: "Sobre nosotros",
    description:
      "Somos una tienda online española de tecnología nueva, reacondicionada y de segunda mano, con marketplace y servicios técnicos. Conoce nuestra historia.",
    intro:
      "Somos un pequeño equipo apasionado por la tecnología y convencido de que comprar bien no está reñido con cuidar el planeta. Por eso vendemos productos nuevos, pero también damos una segunda vida a los que ya existen.",
    sections: [
      {
        heading: "Qué hacemos",
        paragraphs: [
          "En nuestra tienda encontrarás productos nuevos, usados y reacondicionados revisados por nuestros técnicos, un marketplace de segunda mano en el que cada anuncio es aprobado por nuestro equipo, y servicios de reparación y mantenimiento.",
          "También compramos los dispositivos que ya no usas, los reacondicionamos y los volvemos a poner en circulación, o los reciclamos de forma responsable cuando no tienen arreglo.",
        ],
      },
      {
        heading: "Nuestros valores",
        paragraphs: [
          "Transparencia: describimos con honestidad el estado de cada producto y mostramos precios finales con IVA incluido.",
          "Cercanía: detrás de cada respuesta hay una persona de nuestro equipo, no un robot.",
          "Sostenibilidad: alargar la vida útil de un aparato es la forma más eficaz de reducir su impacto ambiental.",
        ],
      },
      {
        heading: "Dónde estamos",
        paragraphs: [
          "Trabajamos desde España y enviamos a todo el territorio nacional. Si quieres saber más de nosotros, escríbenos: nos encanta conocer a nuestros clientes.",
        ],
      },
    ],
    links: [{ label: "Ver productos", to: "/productos" }],
  },

  empleo: {
    title: "Trabaja con nosotros",
    description:
      "¿Te gustaría unirte a nuestro equipo? Consulta cómo enviarnos tu candidatura para puestos de tecnología, atención al cliente, logística y reparación.",
    intro:
      "Estamos creciendo y siempre nos interesa conocer a personas con ganas de aprender y de hacer las cosas bien, especialmente en reparación de electrónica, atención al cliente, logística y desarrollo web.",
    sections: [
      {
        heading: "Ofertas de empleo",
        paragraphs: [
          "En este momento no tenemos procesos de selección abiertos. Cuando los haya, los publicaremos en esta página con la descripción del puesto, los requisitos y las condiciones.",
        ],
      },
      {
        heading: "Candidatura espontánea",
        paragraphs: [
          "Puedes enviarnos tu currículum a [Correo electrónico] indicando en el asunto el área que te interesa. Lo tendremos en cuenta para futuros procesos de selección.",
          "Ofrecemos un entorno de trabajo cercano, formación continua e igualdad de oportunidades: valoramos cada candidatura sin distinción de género, origen, edad, discapacidad u orientación sexual.",
        ],
      },
      {
        heading: "Protección de datos de las candidaturas",
        paragraphs: [
          "Usaremos los datos de tu currículum únicamente para participar en nuestros procesos de selección y los conservaremos durante un máximo de un año, salvo que nos pidas antes su supresión. Más información en nuestra política de privacidad.",
        ],
      },
    ],
  },
};

function isStaticPagePath(path: string): path is StaticPagePath {
  return (STATIC_PAGE_PATHS as readonly string[]).includes(path);
}

/** The page at `path` ("aviso-legal", "pedidos/seguimiento"; no leading slash), if any. */
export function getStaticPage(path: string): StaticPage | undefined {
  const normalised = path.replace(/^\/+|\/+$/g, "");
  return isStaticPagePath(normalised) ? PAGES[normalised] : undefined;
}
