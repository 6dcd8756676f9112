import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  TriangleAlert as triangleAlertIcon,
  Minus as minusIcon,
  Plus as plusIcon,
  ShoppingCart as shoppingCartIcon,
  Trash2 as trash2Icon,
} from "lucide";
import { icon } from "~/components/ui/icons";
import { useEffect, type ComponentProps } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout";
import {
  FieldErrors,
  FormErrors,
  inputPropsOf,
  primaryButtonClass,
  TextField,
} from "~/components/forms/field";
import { useLightForm } from "~/components/forms/lazy-validation";
import { buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { showToast } from "~/components/ui/toaster";
import { CACHE } from "~/lib/cache";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext, userContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import { formatCents } from "~/lib/money";
import { PROVINCES } from "~/lib/provinces";
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/lib/rate-limit.server";
import { cn } from "~/lib/utils";
import { CardImage } from "~/modules/catalog/components/card-image";
import { getCart, type CartLine } from "~/modules/cart/cart.server";
import { cartIdentityOf } from "~/modules/cart/middleware.server";
import { placeOrder } from "~/modules/orders/checkout.server";
import { checkoutSchema } from "~/modules/orders/checkout-schema";
import { CheckoutLegalInfo } from "~/modules/settings/components/checkout-legal-info";
import { getLegalData, getSiteSettings } from "~/modules/settings/site-settings.server";
import { pageTitle } from "~/lib/page-title";

const TriangleAlert = icon(triangleAlertIcon);
const Minus = icon(minusIcon);
const Plus = icon(plusIcon);
const ShoppingCart = icon(shoppingCartIcon);
const Trash2 = icon(trash2Icon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Finalizar compra") },
  { name: "robots", content: "noindex" },
];

/** The cart and the customer's details are personal: never stored by any cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CACHE.privateNoStore });

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const [cart, seller, settings] = await Promise.all([
    getCart(cartIdentityOf(context)),
    // Who sells, shown before «Pagar» (TRLGDCU art. 97.1 b–c).
    getLegalData(),
    getSiteSettings(),
  ]);
  return data(
    {
      cart,
      seller,
      siteName: settings.general.siteName,
      defaults: { fullName: user?.name ?? "", email: user?.email ?? "" },
      constraint: getZodConstraint(checkoutSchema),
    },
    { headers: { "Cache-Control": CACHE.privateNoStore } },
  );
}

/** 'Pagar': parse → rate limit → place the order (amounts from the database) → to the payment. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  const { ip } = context.get(requestInfoContext);
  if (await isRateLimited([[`checkout:ip:${ip}`, RATE_LIMITS.checkoutPerIp]])) {
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_ATTEMPTS] }), toast: null },
      { status: 429 },
    );
  }
  const placed = await placeOrder(cartIdentityOf(context), submission.value);
  if (!placed.ok) {
    return data(
      {
        result: submission.reply({ formErrors: [`${placed.title}: ${placed.description}`] }),
        toast: { title: placed.title, description: placed.description },
      },
      { status: 409 },
    );
  }
  return redirect(placed.paymentUrl);
}

const ISSUE_TEXT: Record<NonNullable<CartLine["issue"]>, (line: CartLine) => string> = {
  unavailable: (line) =>
    line.kind === "marketplace"
      ? "Este artículo ya no está disponible (vendido o retirado). Quítalo para continuar."
      : "Este producto ya no está disponible. Quítalo para continuar.",
  reserved: () =>
    "Reservado: otra persona está pagando este artículo ahora. Si no completa el pago, volverá a estar disponible.",
  out_of_stock: () => "Agotado: ya no quedan unidades. Quítalo para continuar.",
  short: (line) =>
    `Solo quedan ${line.available === 1 ? "1 unidad" : `${line.available} unidades`}. Ajusta la cantidad.`,
  price_changed: (line) =>
    `El precio ha cambiado: antes ${formatCents(line.seenPriceCents)}, ahora ${formatCents(line.unitPriceCents)}.`,
};

/** A one-off marketplace item: one piece, so only 'Eliminar'. */
function ItemControls({ line }: { line: CartLine }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <p className="text-sm text-slate-600">Pieza única · 1 unidad</p>
      <Form method="post" action="/carrito" replace preventScrollReset className="ml-auto">
        <input type="hidden" name="marketplaceProductId" value={line.marketplaceProductId ?? ""} />
        <input type="hidden" name="redirectTo" value="/checkout" />
        <input type="hidden" name="intent" value="remove-item" />
        <button
          type="submit"
          className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "text-red-700")}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Eliminar<span className="sr-only"> {line.name}</span>
        </button>
      </Form>
    </div>
  );
}

function CartControls({ line }: { line: CartLine }) {
  if (line.kind === "marketplace") return <ItemControls line={line} />;
  const hidden = (
    <>
      <input type="hidden" name="productId" value={line.productId ?? ""} />
      <input type="hidden" name="redirectTo" value="/checkout" />
    </>
  );
  const max = Math.min(Math.max(line.available, 1), LIMITS.maxCartLineQuantity);
  const quantityFormId = `cantidad-form-${line.productId}`;
  const small = buttonVariants({ variant: "outline", size: "icon" });
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Form method="post" action="/carrito" replace preventScrollReset>
        {hidden}
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="quantity" value={line.quantity - 1} />
        <button type="submit" className={small} aria-label={`Quitar una unidad de ${line.name}`}>
          <Minus aria-hidden="true" className="size-4" />
        </button>
      </Form>
      <Form id={quantityFormId} method="post" action="/carrito" replace preventScrollReset>
        {hidden}
        <input type="hidden" name="intent" value="update" />
        <label htmlFor={`cantidad-${line.productId}`} className="sr-only">
          Cantidad de {line.name}
        </label>
        <input
          id={`cantidad-${line.productId}`}
          type="number"
          name="quantity"
          min={0}
          max={max}
          defaultValue={line.quantity}
          key={line.quantity}
          inputMode="numeric"
          className="h-10 w-16 rounded-md border border-slate-300 px-2 text-center text-base"
        />
      </Form>
      <Form method="post" action="/carrito" replace preventScrollReset>
        {hidden}
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="quantity" value={line.quantity + 1} />
        <button
          type="submit"
          className={small}
          disabled={line.quantity >= line.available}
          aria-label={`Añadir una unidad de ${line.name}`}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </Form>
      <button
        type="submit"
        form={quantityFormId}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
      >
        Actualizar<span className="sr-only"> la cantidad de {line.name}</span>
      </button>
      <Form method="post" action="/carrito" replace preventScrollReset className="ml-auto">
        {hidden}
        <input type="hidden" name="intent" value="remove" />
        <button
          type="submit"
          className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "text-red-700")}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Eliminar<span className="sr-only"> {line.name}</span>
        </button>
      </Form>
    </div>
  );
}

function CartLineItem({ line }: { line: CartLine }) {
  return (
    <li
      className={cn(
        "flex gap-3 rounded-xl border bg-white p-3 shadow-sm sm:gap-4",
        line.issue ? "border-amber-400" : "border-slate-200",
      )}
    >
      <div className="aspect-[4/3] w-20 shrink-0 self-start overflow-hidden rounded-lg bg-slate-100 sm:w-28">
        <CardImage imageKey={line.imageKey ?? undefined} width={320} sizes="112px" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 className="font-medium text-slate-900">
            <Link to={line.path} className="hover:text-brand-700 hover:underline">
              {line.name}
            </Link>
            {line.kind === "marketplace" ? (
              <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 align-middle text-xs font-semibold text-brand-800">
                Marketplace
              </span>
            ) : null}
          </h3>
          <p className="text-sm text-slate-700">
            {formatCents(line.unitPriceCents)} <span className="text-slate-600">/ unidad</span>
          </p>
        </div>
        {line.issue ? (
          <p role="status" className="flex items-start gap-1.5 text-sm font-medium text-amber-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {ISSUE_TEXT[line.issue](line)}
          </p>
        ) : null}
        <CartControls line={line} />
        <p className="text-right text-sm font-semibold text-slate-900">
          {formatCents(line.unitPriceCents * line.quantity)}
        </p>
      </div>
    </li>
  );
}

type SelectProps = ComponentProps<"select"> & { type?: string };

/** zod and the schema load after hydration (ADR 0007). */
const loadCheckoutSchema = () =>
  import("~/modules/orders/checkout-schema").then((m) => m.checkoutSchema);

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, defaults, seller, siteName } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/checkout";
  const [form, fields] = useLightForm({
    lastResult: busy ? null : actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: defaults,
    loadSchema: loadCheckoutSchema,
  });
  const toast = actionData?.toast;
  useEffect(() => {
    if (toast) showToast({ ...toast, variant: "destructive" });
  }, [toast]);

  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <ShoppingCart aria-hidden="true" className="mx-auto size-12 text-slate-400" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Tu carrito está vacío</h1>
        <p className="mt-2 text-slate-700">Añade productos desde el catálogo para comprarlos.</p>
        <Link to="/productos" className={cn(buttonVariants({ size: "lg" }), "mt-6")}>
          Ver productos
        </Link>
      </div>
    );
  }

  const { totals, shipping } = cart;
  // What Conform's `getSelectProps` gives: the input's attributes without the type.
  const { type: _type, ...province } = inputPropsOf(fields.province, "text") as SelectProps;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Finalizar compra
      </h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="carrito" className="min-w-0 lg:col-start-1 lg:row-start-1">
          <h2 id="carrito" className="text-lg font-semibold text-slate-900">
            Tu carrito ({cart.count === 1 ? "1 producto" : `${cart.count} productos`})
          </h2>
          {cart.hasIssues ? (
            <div
              role="alert"
              className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <p className="font-semibold">
                Algunos productos han cambiado desde que los añadiste.
              </p>
              <p className="mt-1">
                Revisa los avisos de abajo. No se cobrará nada hasta que aceptes los precios y
                cantidades de ahora.
              </p>
              <Form method="post" action="/carrito" replace preventScrollReset className="mt-2">
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="redirectTo" value="/checkout" />
                <button type="submit" className={buttonVariants({ size: "sm" })}>
                  Aceptar los cambios
                </button>
              </Form>
            </div>
          ) : null}
          <ul className="mt-3 space-y-3">
            {cart.lines.map((line) => (
              <CartLineItem key={line.key} line={line} />
            ))}
          </ul>
        </section>

        <aside
          aria-labelledby="resumen"
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
        >
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id="resumen" className="text-lg font-semibold text-slate-900">
              Resumen
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-700">Subtotal</dt>
                <dd className="font-medium text-slate-900">{formatCents(totals.subtotalCents)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-700">Envío</dt>
                <dd className="font-medium text-slate-900">
                  {totals.shippingCents === 0 ? "Gratis" : formatCents(totals.shippingCents)}
                </dd>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-2 text-base">
                <dt className="font-semibold text-slate-900">Total</dt>
                <dd className="font-bold text-slate-900">{formatCents(totals.totalCents)}</dd>
              </div>
              <div className="flex justify-between text-slate-600">
                <dt>IVA incluido</dt>
                <dd>{formatCents(totals.vatCents)}</dd>
              </div>
            </dl>
            {shipping.freeFromCents !== null && totals.shippingCents > 0 ? (
              <p className="mt-3 text-sm text-slate-700">
                Envío gratis a partir de {formatCents(shipping.freeFromCents)}.
              </p>
            ) : null}
          </div>
        </aside>

        <section aria-labelledby="datos-envio" className="min-w-0 lg:col-start-1 lg:row-start-2">
          <h2 id="datos-envio" className="text-lg font-semibold text-slate-900">
            Datos de envío
          </h2>
          <Form
            method="post"
            {...form.props}
            className="mt-3 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2"
          >
            <div className="sm:col-span-2">
              <FormErrors id={form.errorId} errors={form.errors} />
            </div>
            <div className="sm:col-span-2">
              <TextField label="Nombre completo" field={fields.fullName} autoComplete="name" />
            </div>
            <TextField
              label="Correo electrónico"
              field={fields.email}
              type="email"
              autoComplete="email"
            />
            <TextField label="Teléfono (opcional)" field={fields.phone} autoComplete="tel" />
            <div className="sm:col-span-2">
              <TextField
                label="Dirección"
                field={fields.addressLine1}
                autoComplete="address-line1"
                placeholder="Calle, número"
              />
            </div>
            <div className="sm:col-span-2">
              <TextField
                label="Piso, puerta… (opcional)"
                field={fields.addressLine2}
                autoComplete="address-line2"
              />
            </div>
            <TextField label="Código postal" field={fields.postalCode} autoComplete="postal-code" />
            <TextField label="Localidad" field={fields.city} autoComplete="address-level2" />
            <div className="sm:col-span-2">
              <label
                htmlFor={fields.province.id}
                className="mb-1 block text-sm font-medium text-slate-800"
              >
                Provincia
              </label>
              <NativeSelect
                {...province}
                autoComplete="address-level1"
                aria-describedby={
                  fields.province.errors?.length ? fields.province.errorId : undefined
                }
              >
                <option value="">Elige una provincia</option>
                {PROVINCES.map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect>
              <FieldErrors id={fields.province.errorId} errors={fields.province.errors} />
            </div>
            <div className="sm:col-span-2">
              <CheckoutLegalInfo seller={seller} siteName={siteName} />
            </div>
            <div className="sm:col-span-2">
              <button
                type="submit"
                className={primaryButtonClass}
                disabled={busy || cart.hasIssues}
              >
                {busy ? "Procesando..." : `Pagar ${formatCents(totals.totalCents)}`}
              </button>
              {cart.hasIssues ? (
                <p className="mt-2 text-sm text-amber-800">
                  Acepta o ajusta los cambios de tu carrito para poder pagar.
                </p>
              ) : (
                <p className="mt-2 text-sm text-slate-600">
                  Pagarás en una página segura. Reservamos tus productos durante{" "}
                  {LIMITS.orderReservationMinutes} minutos.
                </p>
              )}
            </div>
          </Form>
        </section>
      </div>
    </div>
  );
}
