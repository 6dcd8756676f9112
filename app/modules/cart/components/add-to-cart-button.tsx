// The button lives in app/components/shop (catalog cards use it; catalog sits below cart).
export { AddToCartButton } from "~/components/shop/add-to-cart-button";
