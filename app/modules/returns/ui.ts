// Public components of the module (admin pages).
export { OrderRefunds } from "./components/order-refunds";
