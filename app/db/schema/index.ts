// One file per owning module (app/modules/<m>); platform.ts: infrastructure tables.
export * from "./accounts";
export * from "./catalog";
export * from "./reviews";
export * from "./favorites";
export * from "./marketplace";
export * from "./services";
export * from "./content";
export * from "./settings";
export * from "./platform";
export * from "./cart";
export * from "./orders";
export * from "./payments";
export * from "./promotions";
export * from "./activity";
export * from "./invoicing";
export * from "./returns";
