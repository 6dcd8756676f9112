// Public components of the module.
export { CouponField, DiscountRow, type CheckoutCouponView } from "./components/checkout-coupon";
