export * from "./accounts";
export * from "./catalog";
export * from "./marketplace";
export * from "./services";
export * from "./content";
export * from "./orders";
export * from "./promotions";
export * from "./activity";
