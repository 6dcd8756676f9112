// Public, server-only surface of the module: what other modules may import on the server.
export {
  clearCartCoupon,
  couponForOrder,
  lockCouponsOfOrders,
  redeemCoupon,
  releaseCouponRedemption,
  retakeCouponRedemption,
  type AppliedCoupon,
  type CouponCustomer,
} from "./checkout.server";
export { withCartCoupon } from "./checkout.server";
