// Public, browser-safe surface of the module: what other modules may import (types,
// constants, pure functions). Components: ./ui.ts; server-only: ./index.server.ts.
export { COUPON_MESSAGES, couponRefusalMessage, normalizeCouponCode } from "./constants";
export { couponDiscount } from "./discount";
export { couponCustomerOf, isCouponReply } from "./checkout-forms";
