import { absoluteImageUrl } from "~/lib/image-url";
import { centsToDecimal } from "~/modules/catalog";
import { servicePath } from "./paths";

const UNIT_CODE = { per_service: null, per_hour: "HUR", monthly_subscription: "MON" } as const;

/** schema.org Service of a service page: public fields only (never the private ones). */
export function serviceJsonLd(
  service: {
    id: number;
    name: string;
    description: string;
    priceCents: number | null;
    priceType: keyof typeof UNIT_CODE;
    imageKeys: string[];
    categoryName: string | null;
  },
  baseUrl: string,
  siteName: string,
) {
  const url = baseUrl + servicePath(service);
  const unitCode = UNIT_CODE[service.priceType];
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#servicio`,
    name: service.name,
    url,
    description: service.description,
    image: service.imageKeys.map((key) => absoluteImageUrl(key, 1200, baseUrl)),
    ...(service.categoryName ? { category: service.categoryName } : {}),
    provider: { "@type": "Organization", name: siteName, url: `${baseUrl}/` },
    areaServed: { "@type": "Country", name: "España" },
    ...(service.priceCents === null
      ? {}
      : {
          offers: {
            "@type": "Offer",
            url,
            price: centsToDecimal(service.priceCents),
            priceCurrency: "EUR",
            ...(unitCode
              ? {
                  priceSpecification: {
                    "@type": "UnitPriceSpecification",
                    price: centsToDecimal(service.priceCents),
                    priceCurrency: "EUR",
                    unitCode,
                  },
                }
              : {}),
          },
        }),
  };
}
