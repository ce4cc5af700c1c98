export * from "./order.workflow";
export * from "./shipment.workflow";
export * from "./mail.workflow";
